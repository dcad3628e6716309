// `portico/onramp`: buy crypto with fiat from the Account view through any server speaking the on-ramp API.
export { onramp } from './onramp.js'
export type { OnrampOptions, OnrampSettings } from './onramp.js'
export { restrictedTimeZones } from './utils/restrictedTimeZones.js'
