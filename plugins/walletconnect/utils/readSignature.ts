import type { ChainNamespace } from '../../../kernel/index.js'
import { InvalidWalletResponseError } from '../errors.js'

/** Longest signature accepted (hex characters): room for ERC-1271 / ERC-6492 smart-account signatures. */
const maxHexLength = 2 + 2 * 16_384

/**
 * Reads the signature a wallet returned for a sign-message request, refusing malformed or
 * oversized answers.
 *
 * @returns the signature (hex for eip155, base58 for solana)
 * @throws InvalidWalletResponseError
 * @example
 * readSignature('eip155', 'personal_sign', '0x…')
 */
export function readSignature(namespace: ChainNamespace, method: string, result: unknown): string {
  if (namespace === 'solana') {
    const signature = (result as { signature?: unknown } | null)?.signature
    if (typeof signature === 'string' && /^[1-9A-HJ-NP-Za-km-z]{43,90}$/.test(signature)) return signature
    throw new InvalidWalletResponseError({ method, reason: 'Expected { signature } in base58.' })
  }
  if (typeof result !== 'string') throw new InvalidWalletResponseError({ method, reason: `Expected a hex string, got ${result === null ? 'null' : typeof result}.` })
  if (result.length > maxHexLength) throw new InvalidWalletResponseError({ method, reason: `The signature is ${result.length} characters long.` })
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(result)) throw new InvalidWalletResponseError({ method, reason: 'The signature is not hex.' })
  return result
}
