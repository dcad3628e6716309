import { readItem, writeItem, type KeyValueStorage } from '../utils/KeyValueStorage.js'

/** Where the frame keeps the session token (the wallet origin's localStorage). */
export const sessionStorageKey = 'portico-auth:session'

/**
 * The session token, kept in the wallet origin's storage so a reload stays logged in.
 *
 * @example
 * const token = createSessionToken(localStorage)
 * token.set('abc'); token.get() // 'abc'
 */
export function createSessionToken(storage: KeyValueStorage) {
  return {
    get(): string | undefined {
      const value = readItem(storage, sessionStorageKey)
      return value && /^[\x21-\x7e]{1,512}$/.test(value) ? value : undefined
    },
    set(token: string | undefined): void {
      writeItem(storage, sessionStorageKey, token)
    },
  }
}

export type SessionToken = ReturnType<typeof createSessionToken>
