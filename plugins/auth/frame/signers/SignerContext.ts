import type { AuthAccounts } from '../../protocol.js'
import type { WalletKeys } from '../keys/deriveWalletKeys.js'

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
  fetch: typeof fetch
}
