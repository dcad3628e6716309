import { createPublicClient, getAddress, http, isAddress, isHex, recoverMessageAddress, type PublicClient } from 'viem'
import type { SiwxServerVerifier } from './types.js'

const clients = new Map<string, PublicClient>()

/**
 * The server's eip155 verifier: an EOA signature is checked locally (ecrecover); anything else
 * goes to the chain through viem's `verifyMessage`, whose ERC-6492 universal validator `eth_call`
 * covers deployed EIP-1271 contract wallets and undeployed (EIP-6492) ones.
 */
export const eip155Verifier: SiwxServerVerifier = {
  label: 'Ethereum',
  isAddress: (address) => isAddress(address, { strict: false }) && getAddress(address) === address,
  async verify({ message, signature, address, rpcUrl }) {
    if (!isHex(signature) || signature.length < 4) return false
    const account = address as `0x${string}`
    try {
      const recovered = await recoverMessageAddress({ message, signature })
      if (recovered.toLowerCase() === account.toLowerCase()) return true
    } catch {
      // not a plain 65-byte signature: a contract wallet's
    }
    let client = clients.get(rpcUrl)
    if (!client) {
      client = createPublicClient({ transport: http(rpcUrl, { retryCount: 2, timeout: 10_000 }) }) as PublicClient
      clients.set(rpcUrl, client)
    }
    return client.verifyMessage({ address: account, message, signature })
  },
}
