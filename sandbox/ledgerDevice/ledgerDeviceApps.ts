import type { LedgerApp } from './ledgerApdu.js'
import type { LedgerDeviceKeys } from './ledgerDeviceKeys.js'
import { createLedgerBitcoinApp } from './ledgerBitcoinApp.js'
import { ledgerBitcoinAddress } from './ledgerBitcoinAccounts.js'
import { createLedgerEthereumApp } from './ledgerEthereumApp.js'
import { createLedgerSolanaApp } from './ledgerSolanaApp.js'
import { createLedgerSuiApp, suiAddressOf } from './ledgerSuiApp.js'
import { createLedgerStacksApp, ledgerStacksAddress } from './ledgerStacksApp.js'
import { createLedgerCosmosApp, ledgerCosmosAddress } from './ledgerCosmosApp.js'
import { createLedgerPolkadotApp, ledgerPolkadotAddress } from './ledgerPolkadotApp.js'

/** One app installed on the emulated device. */
export type LedgerDeviceAppEntry = {
  /** The CAIP-2 namespace whose accounts the app holds. */
  namespace: string
  /** A fresh instance of the app (its APDU handler). */
  create(): LedgerApp
  /** The address the app derives at a parsed path, as the namespace writes it. */
  address(keys: LedgerDeviceKeys, path: readonly number[]): string
}

/**
 * The apps installed on the emulated Ledger, by the name `B0 01` reports. A new app: its module
 * (`ledger<Name>App.ts`, written from the app's published APDU specification) and one line here.
 */
export const ledgerDeviceApps = {
  Ethereum: { namespace: 'eip155', create: createLedgerEthereumApp, address: (keys, path) => keys.evm(path).address },
  Solana: { namespace: 'solana', create: createLedgerSolanaApp, address: (keys, path) => keys.solana(path).address },
  Sui: { namespace: 'sui', create: createLedgerSuiApp, address: (keys, path) => suiAddressOf(keys.solana(path).publicKey) },
  Stacks: { namespace: 'stacks', create: createLedgerStacksApp, address: (keys, path) => ledgerStacksAddress(keys, path) },
  'Bitcoin Test': { namespace: 'bip122', create: () => createLedgerBitcoinApp(), address: ledgerBitcoinAddress },
  // The mainnet build (coin type 0): the sandbox's chain is regtest, so its addresses are written in regtest's encoding too.
  Bitcoin: { namespace: 'bip122', create: () => createLedgerBitcoinApp({ network: 'mainnet' }), address: ledgerBitcoinAddress },
  Cosmos: { namespace: 'cosmos', create: createLedgerCosmosApp, address: (keys, path) => ledgerCosmosAddress(keys, path) },
  Polkadot: { namespace: 'polkadot', create: createLedgerPolkadotApp, address: (keys, path) => ledgerPolkadotAddress(keys, path) },
} as const satisfies Record<string, LedgerDeviceAppEntry>

/** An installed app's name (`Ethereum`, `Solana`, …). */
export type LedgerDeviceAppName = keyof typeof ledgerDeviceApps

/** The installed apps' names, in the panel's order. */
export const ledgerDeviceAppNames = Object.keys(ledgerDeviceApps) as LedgerDeviceAppName[]
