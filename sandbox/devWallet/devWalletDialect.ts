import { ProviderRpcError } from './ProviderRpcError.js'

/**
 * Where one EVM wallet's dialect differs from another's, for the behaviours a modal must handle.
 * The Portico Dev Wallet speaks {@link porticoDevWalletDialect}; the sandbox's wallet personas
 * (`sandbox/personas/<wallet>/eip155.entry.ts`) pass their wallet's, cited in `docs/wallets/<wallet>.md`.
 */
export type DevWalletDialect = {
  /** The wallet's name in its own messages (a method it does not support, …). */
  name: string
  /** Its answer to `wallet_switchEthereumChain` for a chain it does not know (`chainId` as the site sent it). */
  unrecognizedChain(chainId: string): ProviderRpcError
  /**
   * Whether moving to a chain it knows (`wallet_switchEthereumChain`, or `wallet_addEthereumChain`
   * of a known chain) asks the user, so reject mode refuses it; false: it moves at once.
   */
  promptsToSwitch: boolean
  /** Its answer to `wallet_addEthereumChain` for the chain it is on already: `null` (EIP-3085) or `false`. */
  addCurrentChainResult: null | false
  /**
   * Its answer to a connection request (`eth_requestAccounts`, `wallet_requestPermissions`) while
   * another one waits for the user: an error, or `'join'` (both get the user's one answer).
   */
  pendingConnection(): ProviderRpcError | 'join'
  /**
   * When `chainChanged` reaches the page after a switch the site asked for: undefined → before the
   * request's answer (synchronously); a number → that many milliseconds after the answer.
   */
  chainChangedDelayMs?: number | undefined
  /** How addresses are written in answers and events. */
  addressCase: 'checksum' | 'lower'
  /** `personal_sign` params: `either` also takes `[address, message]`; `messageFirst` only `[message, address]`. */
  personalSignOrder: 'either' | 'messageFirst'
  /** Whether it answers `wallet_revokePermissions` (else 4200). */
  revokePermissions: boolean
  /** What the page hears when the site is disconnected (revoked, or from the wallet's own UI), in order. */
  disconnectEvents: readonly ('accountsChanged' | 'disconnect')[]
  /** What the page hears when a connection request is granted, in order. */
  connectEvents: readonly ('connect' | 'accountsChanged' | 'chainChanged')[]
  /** Its answer when the user declines `method`. */
  rejection(method: string): ProviderRpcError
}

/** The Portico Dev Wallet's own dialect (EIP-1193, EIP-3085, EIP-3326 as written). */
export const porticoDevWalletDialect: DevWalletDialect = Object.freeze({
  name: 'Portico Dev Wallet',
  unrecognizedChain: (chainId: string) =>
    new ProviderRpcError(4902, `Unrecognized chain ID ${chainId}. Try adding the chain using wallet_addEthereumChain first.`),
  promptsToSwitch: true,
  addCurrentChainResult: null,
  pendingConnection: () => 'join' as const,
  addressCase: 'checksum',
  personalSignOrder: 'either',
  revokePermissions: true,
  disconnectEvents: ['accountsChanged', 'disconnect'],
  connectEvents: ['connect', 'accountsChanged'],
  rejection: () => new ProviderRpcError(4001, 'User rejected the request.'),
} satisfies DevWalletDialect)
