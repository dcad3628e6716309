// `portico/safe`: the site as a Safe App — the eip155 plugin finds the Safe{Wallet} host framing the page and connects the Safe.
export { safe } from './safe.js'
export type { SafeHost, SafeOptions } from './safe.js'
export type { SafeConnection } from './host/startSafe.js'
export type { SafeInfo } from './host/detectSafe.js'
