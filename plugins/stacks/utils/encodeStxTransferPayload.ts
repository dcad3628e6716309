import { bytesToHex } from '@noble/hashes/utils.js'
import { decodeStacksAddress } from './decodeStacksAddress.js'

/**
 * The serialized payload of an STX transfer (SIP-005): type `0x00`, the recipient as a standard
 * principal Clarity value (`0x05`, version, hash160), the amount (u64, big-endian) and the 34-byte
 * memo. `POST /v2/fees/transaction` estimates fees from it.
 *
 * @returns the payload as hex
 * @throws Error for a recipient that is not an address or an amount outside u64
 * @example
 * encodeStxTransferPayload({ recipient: 'SP…', amount: 1_000_000n })
 */
export function encodeStxTransferPayload({ recipient, amount, memo = '' }: { recipient: string; amount: bigint; memo?: string }): string {
  const address = decodeStacksAddress(recipient)
  if (!address) throw new Error('encodeStxTransferPayload: the recipient is not a Stacks address')
  if (amount < 0n || amount > 0xffffffffffffffffn) throw new Error('encodeStxTransferPayload: the amount is outside u64')
  const memoBytes = new TextEncoder().encode(memo)
  if (memoBytes.length > 34) throw new Error('encodeStxTransferPayload: the memo is longer than 34 bytes')
  const bytes = new Uint8Array(1 + 1 + 1 + 20 + 8 + 34)
  bytes[0] = 0x00
  bytes[1] = 0x05
  bytes[2] = address.version
  bytes.set(address.hash160, 3)
  new DataView(bytes.buffer).setBigUint64(23, amount)
  bytes.set(memoBytes, 31)
  return bytesToHex(bytes)
}
