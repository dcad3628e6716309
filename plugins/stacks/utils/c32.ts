/** Crockford's base-32 alphabet as Stacks uses it (c32): no I, L, O, U. */
export const c32Alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * Bytes to c32 (Stacks' base 32): the bytes read as one big-endian number in base 32, with one `0`
 * per leading zero byte, as the c32check reference encodes.
 *
 * @example
 * c32Encode(new Uint8Array([0, 1])) // '01'
 */
export function c32Encode(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let digits = ''
  while (value > 0n) {
    digits = c32Alphabet[Number(value & 31n)] + digits
    value >>= 5n
  }
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  return '0'.repeat(zeros) + digits
}

/**
 * c32 to bytes (the inverse of {@link c32Encode}); upper case only.
 *
 * @returns the bytes, or undefined for a character outside the alphabet
 * @example
 * c32Decode('01') // Uint8Array [0, 1]
 */
export function c32Decode(text: string): Uint8Array | undefined {
  let value = 0n
  let zeros = 0
  while (zeros < text.length && text[zeros] === '0') zeros++
  for (const char of text) {
    const digit = c32Alphabet.indexOf(char)
    if (digit < 0) return undefined
    value = (value << 5n) | BigInt(digit)
  }
  const body: number[] = []
  while (value > 0n) {
    body.unshift(Number(value & 255n))
    value >>= 8n
  }
  return new Uint8Array([...new Array<number>(zeros).fill(0), ...body])
}
