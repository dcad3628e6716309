const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A random nonce of letters and digits from the platform's CSPRNG (EIP-4361 needs at least 8
 * alphanumeric characters; 16 give about 95 bits).
 *
 * @param length - 8 to 128 (default 16)
 * @returns the nonce
 * @example
 * generateNonce() // 'q3ZbX0kP9aLm2Ws7'
 */
export function generateNonce(length = 16): string {
  if (!Number.isInteger(length) || length < 8 || length > 128) throw new RangeError('generateNonce: length must be an integer from 8 to 128')
  const out: string[] = []
  // Rejection sampling keeps every character equally likely (62 does not divide 256).
  while (out.length < length) {
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length * 2))
    for (const byte of bytes) {
      if (byte < 248 && out.length < length) out.push(alphabet[byte % 62] as string)
    }
  }
  return out.join('')
}
