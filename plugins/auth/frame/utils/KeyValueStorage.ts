/** The part of `localStorage` the frame uses (an in-memory map serves in unit tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * Reads a key, answering `undefined` when storage is unavailable (blocked third-party storage
 * throws on access) instead of throwing.
 *
 * @example
 * readItem(localStorage, 'portico-auth:session')
 */
export function readItem(storage: KeyValueStorage, key: string): string | undefined {
  try {
    return storage.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Writes or removes a key; `false` when storage refused (quota, blocked).
 *
 * @example
 * writeItem(localStorage, 'portico-auth:session', token)
 */
export function writeItem(storage: KeyValueStorage, key: string, value: string | undefined): boolean {
  try {
    if (value === undefined) storage.removeItem(key)
    else storage.setItem(key, value)
    return true
  } catch {
    return false
  }
}
