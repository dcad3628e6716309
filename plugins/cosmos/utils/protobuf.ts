// A minimal protobuf writer for the Cosmos SDK messages a bank send needs (proto3: default values
// are omitted, fields in number order), so the eager bundle carries no protobuf library.

const encoder = new TextEncoder()

function varint(value: bigint): number[] {
  if (value < 0n) throw new RangeError('protobuf: negative varint')
  const out: number[] = []
  let rest = value
  do {
    let byte = Number(rest & 0x7fn)
    rest >>= 7n
    if (rest > 0n) byte |= 0x80
    out.push(byte)
  } while (rest > 0n)
  return out
}

/** One encoded field: a number (uint64 varint), a string, bytes, or an already-encoded sub-message (`{ message }`). */
export type ProtoField = readonly [number, bigint | number | string | Uint8Array | { message: Uint8Array } | undefined]

/**
 * Encodes fields in order. Zero numbers, empty strings and empty bytes are skipped (proto3 defaults);
 * a sub-message is always written (even empty), as a repeated or set message field is.
 *
 * @param fields `[fieldNumber, value]` pairs, repeated fields listed once per element
 * @returns the message bytes
 * @example
 * protoMessage([[1, 'uatom'], [2, '1000']]) // a Coin
 */
export function protoMessage(fields: readonly ProtoField[]): Uint8Array {
  const parts: number[] = []
  for (const [field, value] of fields) {
    if (value === undefined) continue
    if (typeof value === 'number' || typeof value === 'bigint') {
      const n = BigInt(value)
      if (n === 0n) continue
      parts.push(...varint(BigInt(field << 3)), ...varint(n))
      continue
    }
    const bytes = typeof value === 'string' ? encoder.encode(value) : value instanceof Uint8Array ? value : value.message
    if (bytes.length === 0 && !(typeof value === 'object' && !(value instanceof Uint8Array))) continue
    parts.push(...varint(BigInt((field << 3) | 2)), ...varint(BigInt(bytes.length)))
    for (const byte of bytes) parts.push(byte)
  }
  return Uint8Array.from(parts)
}
