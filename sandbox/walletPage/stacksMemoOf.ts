/**
 * The memo a Stacks request carries, as text, for a wallet to show before it signs: `stx_transferStx`'s
 * `memo`, or the `(some <buff>)` fourth argument of a SIP-010 `transfer` in `stx_callContract`
 * (hex Clarity: `0a 02 <u32 length> <bytes>`). Undefined for none or for anything malformed.
 *
 * @returns the memo, at most 34 bytes of UTF-8 decoded
 * @example
 * stacksMemoOf('stx_transferStx', { recipient, amount: '1', memo: 'invoice 42' }) // 'invoice 42'
 */
export function stacksMemoOf(method: string, params: unknown): string | undefined {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  if (method === 'stx_transferStx') return typeof p.memo === 'string' && p.memo !== '' ? p.memo.slice(0, 64) : undefined
  if (method !== 'stx_callContract' || p.functionName !== 'transfer' || !Array.isArray(p.functionArgs) || p.functionArgs.length !== 4) return undefined
  const arg = p.functionArgs[3]
  const match = typeof arg === 'string' ? /^(?:0x)?0a02([0-9a-fA-F]{8})((?:[0-9a-fA-F]{2}){0,34})$/.exec(arg) : null
  if (!match || Number.parseInt(match[1] as string, 16) * 2 !== (match[2] as string).length) return undefined
  const bytes = Uint8Array.from((match[2] as string).match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
  return new TextDecoder().decode(bytes).replace(/\0+$/, '') || undefined
}
