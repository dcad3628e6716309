import type { ConnectionChannel, Network } from '../../../kernel/kernel.js'
import type { LedgerEnvironment } from '../ledger.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import type { PathScheme } from '../utils/derivationPaths.js'

/** What a namespace's channel is built from: the shared device, the chosen account, the namespace's networks. */
export type LedgerChannelParameters = {
  device: LedgerDevice
  /** The chosen account's concrete path (`m/44'/60'/1'/0/0`). */
  path: string
  address: string
  /** The configured networks of the namespace. */
  networks: () => readonly Network[]
  /** The plugin's test seams (a public client per network, a `fetch`); each namespace reads what it uses. */
  environment: Pick<LedgerEnvironment, 'publicClient' | 'fetch'>
}

/**
 * What a namespace's channel built over a node's HTTP API takes (solana, sui, stacks, bip122): the
 * shared parameters and the `fetch` it calls the node with (default: the page's).
 */
export type LedgerHttpChannelParameters = Omit<LedgerChannelParameters, 'environment'> & {
  fetch?: typeof globalThis.fetch
}

/** A namespace's device code, loaded after the Ledger libraries (it imports the namespace's Ledger app library). */
export type LedgerChainCode = {
  /** The account's address at a concrete path, read from the device without showing it (in `network`'s encoding where the namespace's addresses differ by network: bip122, stacks). */
  address(device: LedgerDevice, path: string, network?: Network): Promise<string>
  /** The connection's channel: the chain plugin's requests, answered by the device. */
  channel(parameters: LedgerChannelParameters): ConnectionChannel
}

/**
 * One namespace a Ledger connects: what the setup and the ConnectingLedger view need up front
 * (small), and the device code behind `load()`. Each namespace's lives in its own folder
 * (`plugins/ledger/<namespace>/`); `ledgerChains` (chains/index.ts) lists them.
 */
export type LedgerChain = {
  /** The device app the namespace needs, as `B0 01` names it (`Ethereum`, `Solana`, `Bitcoin`, …). */
  app: string
  /** The derivation schemes the picker offers; the first is the default. */
  paths: readonly PathScheme[]
  /** Every level of a path is hardened (ed25519 apps such as Solana's). */
  hardenedOnly: boolean
  /** The custom-path box's starting text. */
  customPath: string
  /** The message key shown when a custom path is refused. */
  customInvalid: string
  /** Whether a kept address has the namespace's shape (checked before a kept connection is restored). */
  isAddress(address: string): boolean
  /** Whether two addresses are the same account (eip155 ignores the checksum's case). */
  sameAddress(a: string, b: string): boolean
  /** The device code (through `loadLedgerPeer`: a missing peer names its package). */
  load(): Promise<LedgerChainCode>
  /**
   * Where the app and its paths depend on the network (bip122: the "Bitcoin" app and coin type 0 on
   * mainnet, "Bitcoin Test" and coin type 1 elsewhere): the entry's fields for the active network
   * (`ledgerChainFor`, chains/index.ts).
   */
  onNetwork?(network: Network | undefined): Pick<LedgerChain, 'app' | 'paths' | 'customPath'>
}
