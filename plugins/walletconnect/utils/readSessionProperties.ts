/** At most this many properties, each key and value at most this long, are read from a session. */
const maxProperties = 32
const maxLength = 256

/**
 * The session properties a wallet added to a WalletConnect session (`sessionProperties`, e.g.
 * `bundler_name` for the user-operation bundler that answers its call status), read defensively:
 * only string values, keys and values trimmed of control characters and bounded, at most 32 entries.
 * Anything else the wallet sent is dropped.
 *
 * @param value the session's `sessionProperties`, as the wallet sent it
 * @returns a frozen record of string properties (empty when there are none)
 * @example
 * readSessionProperties({ bundler_name: 'pimlico', junk: { a: 1 } }) // { bundler_name: 'pimlico' }
 */
export function readSessionProperties(value: unknown): Readonly<Record<string, string>> {
  const result: Record<string, string> = {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return Object.freeze(result)
  let count = 0
  for (const [key, entry] of Object.entries(value)) {
    if (count >= maxProperties) break
    if (typeof entry !== 'string' || key === '__proto__') continue
    // eslint-disable-next-line no-control-regex
    const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, '')
    const k = clean(key)
    const v = clean(entry)
    if (!k || k.length > maxLength || v.length > maxLength) continue
    result[k] = v
    count += 1
  }
  return Object.freeze(result)
}
