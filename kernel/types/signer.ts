import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { ConnectionAccount } from './connection.js'
import type { Network } from './network.js'

/**
 * The signer each chain plugin gives a site, by namespace: empty in the kernel. A chain plugin's
 * entry adds its own by declaration merging (as wagmi's `Register`), so that
 * `portico.getSigner('solana')` is typed once the site imports `portico/solana`:
 *
 * @example
 * declare module 'portico' {
 *   interface PorticoSigners { mychain: MyChainSigner }
 * }
 */
export interface PorticoSigners {}

/** The signer of a namespace: its chain plugin's type when the site imported it, else what every signer is. */
export type SignerOf<N extends ChainNamespace> = N extends keyof PorticoSigners ? PorticoSigners[N] : NamespaceSigner

/** What every namespace's signer is, beside its ecosystem's own members. */
export type NamespaceSigner = {
  /** The CAIP-2 namespace it signs for. */
  readonly namespace: ChainNamespace
}

/** The namespace's connection at the moment a signer is used. */
export type SignerConnection = {
  /** The active account's address. */
  address: string
  /** Every account the wallet shared, active first. */
  accounts: readonly ConnectionAccount[]
  /** The connection's network now. */
  network: Network
  caipNetworkId: CaipNetworkId
  /** The connector that holds the connection (a wallet's id, `walletConnect`, `ledger`, …). */
  connectorId: string
}

/**
 * What a chain adapter's `createSigner` builds its signer on. Every method reads the connection
 * when it is called, so one signer follows the visitor's account and network switches.
 */
export type SignerContext = {
  readonly namespace: ChainNamespace
  /** The connection now; throws `NotConnectedError` when the namespace has none (nothing is asked of any wallet). */
  connection(): SignerConnection
  /**
   * The connection, refusing with `ChainNotSupportedError` a network other than its own (a CAIP-2
   * id, or the namespace's own reference such as a Cosmos chain id), before the wallet is asked.
   */
  requireNetwork(network: string): SignerConnection
  /**
   * Sends one request to the connected wallet in the namespace's WalletConnect method vocabulary
   * (`solana_signTransaction`, `cosmos_signDirect`, …) on the connection's network unless given:
   * a channel's connector (WalletConnect, a Ledger, the embedded wallet) carries it as it is, the
   * chain adapter's `request` answers it for the wallet it holds (`portico.request`). A refusal is
   * a `ProviderRpcError` with the wallet's code (4001 for the visitor saying no).
   */
  request(method: string, params: unknown, caipNetworkId?: CaipNetworkId): Promise<unknown>
}
