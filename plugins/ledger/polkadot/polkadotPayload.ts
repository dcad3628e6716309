import { invalidParams } from '../eip155/readTransaction.js'

// A `SignerPayloadJSON`'s signing payload is `portico/chain-kit`'s encoder (the one the sandbox's
// Polkadot dev wallet signs with too), by the name the Ledger's polkadot channel gives it.
export { encodePolkadotSignerPayload as encodePolkadotPayload } from '../../../chain-kit/index.js'
export type { PolkadotSignerPayload } from '../../../chain-kit/index.js'

const hexPattern = /^0x(?:[0-9a-fA-F]{2})*$/

/** Hex to bytes (`0x…`, at most `max` bytes), or a -32602 naming the field. */
export function hexBytes(value: unknown, what: string, length?: number, max = 1 << 20): Uint8Array {
  if (typeof value !== 'string' || !hexPattern.test(value) || value.length > 2 + 2 * max) throw invalidParams(`The payload's ${what} is not hex`)
  const bytes = Uint8Array.from(value.slice(2).match(/../g) ?? [], (h) => parseInt(h, 16))
  if (length !== undefined && bytes.length !== length) throw invalidParams(`The payload's ${what} is not ${length} bytes`)
  return bytes
}
