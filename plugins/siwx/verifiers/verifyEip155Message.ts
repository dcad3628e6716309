import { createClient, fallback, http, recoverMessageAddress, type Client } from 'viem'
import { verifyMessage } from 'viem/actions'

export type VerifyEip155MessageParameters = {
  message: string
  signature: `0x${string}`
  address: `0x${string}`
  /** The RPC client that checks contract-wallet signatures, asked for only when ecrecover does not give the address. */
  client: () => Client | undefined
}

/**
 * Whether `signature` signs the EIP-4361 `message` for `address`: an EOA signature is checked
 * locally (ecrecover); anything else goes to the chain through viem's `verifyMessage`, whose
 * ERC-6492 universal validator `eth_call` covers deployed EIP-1271 contract wallets and undeployed
 * (EIP-6492) ones. The browser's verifier loads this module with `await import()` on the first
 * check; the server's imports it.
 *
 * @example
 * await verifyEip155Message({ message, signature, address, client: () => createEip155RpcClient([rpcUrl]) }) // true
 */
export async function verifyEip155Message({ message, signature, address, client }: VerifyEip155MessageParameters): Promise<boolean> {
  try {
    const recovered = await recoverMessageAddress({ message, signature })
    if (recovered.toLowerCase() === address.toLowerCase()) return true
  } catch {
    // not a plain 65-byte signature: a contract wallet's
  }
  const rpc = client()
  if (!rpc) return false
  return verifyMessage(rpc, { address, message, signature })
}

/**
 * The bare viem client over a network's RPC URLs that {@link verifyEip155Message} asks: one URL
 * through `http`, several through `fallback` (2 retries, 10 s each). `undefined` without a URL.
 *
 * @example
 * createEip155RpcClient(['http://127.0.0.1:8545'])
 */
export function createEip155RpcClient(urls: readonly string[]): Client | undefined {
  if (urls.length === 0) return undefined
  const transport = urls.length > 1 ? fallback(urls.map((url) => http(url, { retryCount: 2, timeout: 10_000 }))) : http(urls[0], { retryCount: 2, timeout: 10_000 })
  return createClient({ transport })
}
