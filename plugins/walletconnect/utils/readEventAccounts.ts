import type { ChainNamespace } from '../../../kernel/kernel.js'

/**
 * The addresses an `accountsChanged` event names (plain or CAIP-10 of the namespace), in order,
 * without duplicates; at most 100 are read. Anything that is not a string is dropped.
 *
 * @param namespace - the event's namespace
 * @param data - the event's `data`
 * @returns the addresses
 * @example
 * readEventAccounts('eip155', ['eip155:1:0xabc…']) // ['0xabc…']
 */
export function readEventAccounts(namespace: ChainNamespace, data: unknown): string[] {
  if (!Array.isArray(data)) return []
  const out: string[] = []
  for (const entry of data.slice(0, 100)) {
    if (typeof entry !== 'string' || entry.length === 0 || entry.length > 256) continue
    const parts = entry.split(':')
    const address = parts.length === 3 && parts[0] === namespace ? parts[2] : parts.length === 1 ? entry : undefined
    if (address && !out.includes(address)) out.push(address)
  }
  return out
}
