import type { SignInVerifier } from '../../../kernel/kernel.js'

export type CreateEip155SignInVerifierReturnType = SignInVerifier

/**
 * The eip155 sign-in verifier (label "Ethereum", as EIP-4361 words the account line). An EOA
 * signature is checked locally by ecrecover; otherwise viem's `verifyMessage` asks the network's
 * RPC, whose ERC-6492 universal validator `eth_call` covers deployed EIP-1271 contract wallets
 * and undeployed EIP-6492 ones. viem loads on the first check.
 *
 * @returns the verifier to register as `portico.signInVerifiers.register('eip155', …)`
 * @example
 * portico.signInVerifiers.register('eip155', createEip155SignInVerifier())
 */
export function createEip155SignInVerifier(): CreateEip155SignInVerifierReturnType {
  return {
    label: 'Ethereum',
    async verify({ message, signature, address, network }) {
      if (typeof message !== 'string' || typeof signature !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) return false
      if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return false
      const { createClient, fallback, http, recoverMessageAddress, verifyMessage } = await import('./viemSignIn.js')
      const hex = signature as `0x${string}`
      try {
        const recovered = await recoverMessageAddress({ message, signature: hex })
        if (recovered.toLowerCase() === address.toLowerCase()) return true
      } catch {
        // not a plain 65-byte signature: a contract wallet's
      }
      const urls = network.rpcUrls.default.http
      if (urls.length === 0) return false
      const transport = urls.length > 1 ? fallback(urls.map((url) => http(url, { retryCount: 2, timeout: 10_000 }))) : http(urls[0], { retryCount: 2, timeout: 10_000 })
      const client = createClient({ transport })
      return verifyMessage(client, { address: address as `0x${string}`, message, signature: hex })
    },
  }
}
