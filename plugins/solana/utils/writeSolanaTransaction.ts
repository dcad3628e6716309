/**
 * Serialises a Solana transaction in wire form: the compact-u16 signature count, each 64-byte
 * slot (all zeros for a signature still missing), then the message bytes.
 *
 * @param parameters the message and its slots, in signer order
 * @returns the wire bytes
 * @example
 * writeSolanaTransaction({ messageBytes, signatures: [signature, null] })
 */
export function writeSolanaTransaction({ messageBytes, signatures }: { messageBytes: Uint8Array; signatures: readonly (Uint8Array | null)[] }): Uint8Array {
  const prefix: number[] = []
  let rest = signatures.length
  do {
    const low = rest & 0x7f
    rest >>= 7
    prefix.push(rest === 0 ? low : low | 0x80)
  } while (rest !== 0)
  const out = new Uint8Array(prefix.length + 64 * signatures.length + messageBytes.length)
  out.set(prefix, 0)
  signatures.forEach((signature, i) => {
    if (signature) out.set(signature.subarray(0, 64), prefix.length + 64 * i)
  })
  out.set(messageBytes, prefix.length + 64 * signatures.length)
  return out
}
