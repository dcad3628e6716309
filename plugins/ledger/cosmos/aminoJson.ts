import { ProviderRpcError } from '../../../kernel/kernel.js'

/**
 * Amino's canonical JSON of a sign doc, as the Cosmos SDK and CosmJS write it: object keys sorted
 * at every depth, no whitespace, `&`, `<` and `>` escaped as `\u0026`, `\u003c`, `\u003e` (Go's
 * `json.Marshal`). The Cosmos Ledger app refuses unsorted keys or whitespace; the chain verifies
 * the signature over these very bytes.
 *
 * @example
 * new TextDecoder().decode(aminoJson({ b: 1, a: 'x&y' })) // '{"a":"x\u0026y","b":1}'
 */
export function aminoJson(value: unknown): Uint8Array {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort)
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((key) => [key, sort((v as Record<string, unknown>)[key])]))
    return v
  }
  const text = JSON.stringify(sort(value)).replace(/[&<>]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)
  return new TextEncoder().encode(text)
}

/** secp256k1's group order n (SEC 2). */
const order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

const invalidSignature = () => new ProviderRpcError({ code: -32603, message: 'The Ledger returned an invalid signature' })

/**
 * The 64-byte `r ‖ s` a Cosmos chain verifies, from the Cosmos app's DER signature
 * (`30 len 02 len r 02 len s`), with `s` in its low half (the SDK refuses a high `s`).
 *
 * @throws ProviderRpcError -32603 when it is not a DER secp256k1 signature
 * @example
 * compactSignature(der).length // 64
 */
export function compactSignature(der: Uint8Array): Uint8Array {
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) throw invalidSignature()
  const integer = (at: number): { value: bigint; next: number } => {
    const length = der[at + 1] ?? 0
    if (der[at] !== 0x02 || length < 1 || length > 33 || at + 2 + length > der.length) throw invalidSignature()
    const bytes = der.subarray(at + 2, at + 2 + length)
    return { value: BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`), next: at + 2 + length }
  }
  const r = integer(2)
  const s = integer(r.next)
  if (s.next !== der.length || r.value === 0n || r.value >= order || s.value === 0n || s.value >= order) throw invalidSignature()
  const low = s.value > order / 2n ? order - s.value : s.value
  const out = new Uint8Array(64)
  for (const [value, offset] of [[r.value, 0], [low, 32]] as const) {
    const hex = value.toString(16).padStart(64, '0')
    for (let i = 0; i < 32; i++) out[offset + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  }
  return out
}
