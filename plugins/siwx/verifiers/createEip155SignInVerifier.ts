import type { SignInVerifier } from '../../../kernel/kernel.js'

export type CreateEip155SignInVerifierReturnType = SignInVerifier

/**
 * The browser's eip155 sign-in verifier, built into `siwx()` as `eip155Verifier` is into
 * `createSiwxServer` (label "Ethereum", as EIP-4361 words the account line). An EOA signature is
 * checked locally by ecrecover; otherwise viem's `verifyMessage` asks the network's RPC, whose
 * ERC-6492 universal validator `eth_call` covers deployed EIP-1271 contract wallets and undeployed
 * EIP-6492 ones. viem loads on the first check, and only a site with `siwx()` can load it.
 *
 * @returns the verifier `siwx()` registers as `portico.signInVerifiers.register('eip155', …)` when no plugin registered one
 * @example
 * portico.signInVerifiers.register('eip155', createEip155SignInVerifier())
 */
export function createEip155SignInVerifier(): CreateEip155SignInVerifierReturnType {
  return {
    label: 'Ethereum',
    async verify({ message, signature, address, network }) {
      if (typeof message !== 'string' || typeof signature !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) return false
      if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return false
      const { createEip155RpcClient, verifyEip155Message } = await import('./verifyEip155Message.js')
      return verifyEip155Message({ message, signature: signature as `0x${string}`, address: address as `0x${string}`, client: () => createEip155RpcClient(network.rpcUrls.default.http) })
    },
  }
}
