/**
 * Little-endian bytes of an unsigned 64-bit integer (instruction data).
 *
 * @example
 * u64le(2n) // Uint8Array [2, 0, 0, 0, 0, 0, 0, 0]
 */
export function u64le(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value, true)
  return bytes
}
