/**
 * Whether a value read back from storage is the `{ connectorId, [key]: entries }` a chain plugin
 * keeps so that a reload reconnects a wallet that prompts on every request without asking it
 * again: a connector id of at most 200 characters and at most 10 entries, each passing `isEntry`.
 * Storage is the visitor's to tamper with, so what comes back is checked as untrusted input.
 *
 * @param key the entries' property (`accounts`, `addresses`)
 * @param isEntry checks one entry (an address of the chain, its public key …)
 * @example
 * storage.get('stacks_accounts', (value) => isStoredAccounts(value, 'addresses', (a) => isStacksAddress(a?.address)))
 */
export function isStoredAccounts<const K extends string, E>(value: unknown, key: K, isEntry: (entry: E) => boolean): value is { connectorId: string } & Record<K, E[]> {
  const record = value as Record<string, unknown> | null
  if (typeof record !== 'object' || record === null) return false
  const entries = record[key]
  return typeof record.connectorId === 'string' && record.connectorId.length <= 200 && Array.isArray(entries) && entries.length <= 10 && entries.every((entry) => isEntry(entry as E))
}
