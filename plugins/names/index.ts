// `portico/names`: account names (a name zone, ENS) on the Account view, in the send form, and registration.
export { names, coinTypeOf, mainnetUniversalResolver } from './names.js'
export type { NamesOptions, NamesSettings } from './names.js'
export { nameRule } from './nameRule.js'
