import type { ChainNamespace } from '../../../kernel/index.js'
import { UnsupportedRequestError } from '../errors.js'
import { toHexMessage } from './toHexMessage.js'

/** A session request: the method and its params. */
export type WalletRequest = { method: string; params: unknown }

/**
 * The session request that signs a plain message in `namespace`: `personal_sign` (eip155,
 * hex-encoded UTF-8) or `solana_signMessage` (base58).
 *
 * @returns the request
 * @throws UnsupportedRequestError for another namespace
 * @example
 * await buildSignMessageRequest('eip155', 'hello', '0xf39F…') // { method: 'personal_sign', params: ['0x68656c6c6f', '0xf39F…'] }
 */
export async function buildSignMessageRequest(namespace: ChainNamespace, message: string, address: string): Promise<WalletRequest> {
  if (namespace === 'eip155') return { method: 'personal_sign', params: [toHexMessage(message), address] }
  if (namespace === 'solana') {
    const { base58 } = await import('../lazy/base58.js')
    return { method: 'solana_signMessage', params: { message: base58.encode(new TextEncoder().encode(message)), pubkey: address } }
  }
  throw new UnsupportedRequestError({ namespace, action: 'Signing a message' })
}
