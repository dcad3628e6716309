/**
 * Bytes as `0x`-prefixed lower-case hex.
 *
 * @example
 * toHex(new Uint8Array([1, 255])) // '0x01ff'
 */
export function toHex(bytes: Uint8Array): `0x${string}` {
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * `0x` hex as bytes.
 *
 * @throws Error for anything but an even number of hex digits after `0x`
 * @example
 * fromHex('0x01ff') // Uint8Array [1, 255]
 */
export function fromHex(value: string): Uint8Array {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(value)) throw new Error('not 0x-prefixed hex bytes')
  const bytes = new Uint8Array((value.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(2 + i * 2, 4 + i * 2), 16)
  return bytes
}
