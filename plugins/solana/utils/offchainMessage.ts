const signingDomain = new Uint8Array([0xff, ...new TextEncoder().encode('solana offchain')])

/**
 * A message as a hardware wallet's Solana app signs it (Solana off-chain message, header version
 * 0 in its short form): the signing domain `\xffsolana offchain`, version 0, the format (0
 * printable ASCII, 1 UTF-8 up to 1212 bytes, 2 longer), the length (u16 little-endian), then the
 * message. A Ledger's signature covers these bytes, not the bare message. Undefined when the
 * message is empty or longer than 65,535 bytes.
 *
 * @example
 * offchainMessage(new TextEncoder().encode('hello')) // ff 'solana offchain' 00 00 05 00 'hello'
 */
export function offchainMessage(message: Uint8Array): Uint8Array | undefined {
  if (message.length === 0 || message.length > 0xffff) return undefined
  const ascii = message.every((b) => b >= 0x20 && b <= 0x7e)
  const out = new Uint8Array(signingDomain.length + 4 + message.length)
  out.set(signingDomain, 0)
  let at = signingDomain.length
  out[at++] = 0
  out[at++] = ascii ? 0 : message.length <= 1212 ? 1 : 2
  out[at++] = message.length & 0xff
  out[at++] = message.length >> 8
  out.set(message, at)
  return out
}
