import type { AuthAccounts } from '../../protocol.js'
import type { WalletKeys } from '../keys/deriveWalletKeys.js'
import type { SimpleAccountContracts } from './simpleAccount.js'

/** What a chain's signer needs to answer one `request`. */
export type SignerContext = {
  /** The CAIP-2 chain of the request (`eip155:1`, `solana:5eykt…`). */
  chainId: string
  method: string
  params: unknown
  /** The wallet's addresses (public; no key is needed to answer them). */
  accounts: AuthAccounts
  /** Rebuilds the keys for one operation and drops them after it. */
  withKeys: <T>(use: (keys: WalletKeys) => Promise<T>) => Promise<T>
  /** The server's RPC proxy URL for a CAIP-2 chain (same origin as the frame). */
  rpcUrl: (caipNetworkId: string) => string
  /** The server's ERC-4337 bundler route for a CAIP-2 chain (`/v1/bundler`, same origin as the frame). */
  bundlerUrl: (caipNetworkId: string) => string
  /** The smart account's contracts on a chain (the server's `bundlers[chain].smartAccount`); undefined where it has none. */
  smartAccountOn: (caipNetworkId: string) => SimpleAccountContracts | undefined
  fetch: typeof fetch
}
