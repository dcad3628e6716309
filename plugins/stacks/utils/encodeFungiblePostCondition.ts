import { bytesToHex } from '@noble/hashes/utils.js'
import { decodeStacksAddress } from './decodeStacksAddress.js'

const ascii = (text: string) => new TextEncoder().encode(text)
const namePattern = /^[a-zA-Z][a-zA-Z0-9-]{0,39}$/

/**
 * A SIP-010 post condition "`principal` sends exactly `amount` of `assetId`" in the transaction wire
 * format (SIP-005) as a hex string, the form SIP-030 wallets take in `postConditions` (Leather's and
 * Xverse's schemas are `string[]`; `@stacks/connect` serializes objects to this before it asks them):
 * type `0x01` (fungible), the standard principal (`0x02`, version, hash160), the asset (version,
 * hash160, contract name, asset name, each name length-prefixed), condition `0x01` (equal) and the
 * amount as a big-endian u64.
 *
 * @param parameters the sender, the asset id (`<address>.<contract>::<asset>`) and the amount in base units
 * @returns the post condition as hex, without `0x`
 * @throws Error for a malformed principal or asset id, or an amount outside u64
 * @example
 * encodeFungiblePostCondition({ principal: 'ST…', assetId: 'ST….portico-usd::portico-usd', amount: 2_000_000n })
 */
export function encodeFungiblePostCondition({ principal, assetId, amount }: { principal: string; assetId: string; amount: bigint }): string {
  const sender = decodeStacksAddress(principal)
  const match = /^([^.]+)\.([^:]+)::(.+)$/.exec(assetId)
  const contract = match ? decodeStacksAddress(match[1]) : undefined
  if (!sender || !match || !contract || !namePattern.test(match[2]!) || !namePattern.test(match[3]!)) throw new Error(`encodeFungiblePostCondition: ${assetId.slice(0, 80)} sent by ${principal.slice(0, 60)} is not a fungible post condition`)
  if (amount < 0n || amount >= 1n << 64n) throw new Error('encodeFungiblePostCondition: the amount is outside u64')
  const value = new Uint8Array(8)
  new DataView(value.buffer).setBigUint64(0, amount)
  const contractName = ascii(match[2]!)
  const assetName = ascii(match[3]!)
  return bytesToHex(
    new Uint8Array([0x01, 0x02, sender.version, ...sender.hash160, contract.version, ...contract.hash160, contractName.length, ...contractName, assetName.length, ...assetName, 0x01, ...value]),
  )
}
