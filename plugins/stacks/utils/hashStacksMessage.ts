import { sha256 } from '@noble/hashes/sha2.js'

const prefix = new TextEncoder().encode('\x17Stacks Signed Message:\n')

/** Bitcoin's variable-length integer (the message length in the signed bytes). */
function varint(length: number): Uint8Array {
  if (length < 0xfd) return new Uint8Array([length])
  if (length <= 0xffff) return new Uint8Array([0xfd, length & 0xff, length >> 8])
  return new Uint8Array([0xfe, length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff, (length >>> 24) & 0xff])
}

/**
 * The hash a Stacks wallet signs for `stx_signMessage`: sha256 of `"\x17Stacks Signed Message:\n"`,
 * the message's UTF-8 length as a varint, and the message.
 *
 * @example
 * hashStacksMessage('hello') // 32 bytes
 */
export function hashStacksMessage(message: string): Uint8Array {
  const body = new TextEncoder().encode(message)
  const bytes = new Uint8Array(prefix.length + 9 + body.length)
  const length = varint(body.length)
  bytes.set(prefix, 0)
  bytes.set(length, prefix.length)
  bytes.set(body, prefix.length + length.length)
  return sha256(bytes.subarray(0, prefix.length + length.length + body.length))
}
