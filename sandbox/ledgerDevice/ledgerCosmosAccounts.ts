import { type LedgerDeviceKeys, createLedgerDeviceKeys, parseLedgerPath } from './ledgerDeviceKeys.js'
import { ledgerCosmosAddress } from './ledgerCosmosApp.js'

/** Keplr's and Ledger Live's Cosmos path of account `i`: `m/44'/118'/0'/0/i`. */
export const ledgerCosmosPath = (i: number): string => `m/44'/118'/0'/0/${i}`

/**
 * The emulated Ledger's first five Cosmos accounts (`m/44'/118'/0'/0/i` of `ledgerDeviceMnemonic`,
 * the sandbox chain's `portico` prefix), funded with 1,000 PTC each at the Cosmos chain's genesis.
 * Written out so importing this file derives no keys; a test pins them to {@link ledgerCosmosAccounts}.
 */
export const ledgerCosmosAddresses = Object.freeze([
  'portico17925q80jvv2952cctucd96rm5zgq8rvlfd3fl7',
  'portico1p0cpyxyetmlje9k4qs2r9pdyzautgue4y8pg8c',
  'portico1z6uu4392fkul8yf7nwhyav8gt6n8qdl5gwqzr2',
  'portico1cdd4psdx36qxarsdce27mnsq8jxpv9atw086fe',
  'portico1e3gavvqvrueqgq9yns2epzq5ex7tx5fwsx3swn',
] as const)

/** What each funded Ledger Cosmos account starts with: 1,000 PTC (uptc). */
export const ledgerCosmosFunding = 1_000_000_000n

/**
 * The first `count` Cosmos accounts of the emulated device, derived.
 *
 * @example
 * ledgerCosmosAccounts(5)[0] // ledgerCosmosAddresses[0]
 */
export function ledgerCosmosAccounts(count = 5, keys: LedgerDeviceKeys = createLedgerDeviceKeys()): string[] {
  return [...Array(count).keys()].map((i) => ledgerCosmosAddress(keys, parseLedgerPath(ledgerCosmosPath(i))))
}
