import type { BaseError } from '../errors/BaseError.js'
import { StorageValueDroppedError, StorageWriteError } from '../errors/storage.js'

/** The subset of the Web Storage API Portico needs; `localStorage` fits. */
export type StorageBackend = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export type CreateStorageParameters = {
  /** Where values live; `null` keeps them in memory only (server-side, tests). */
  backend: StorageBackend | null
  /** Prefix of every key. */
  prefix?: string
  /** A stored value longer than this many characters is dropped as corrupt. */
  maxValueLength?: number
  /** Told about every value dropped or write that failed; never throws. */
  onError?: (error: BaseError) => void
  now?: () => number
}

export type Guard<T> = (value: unknown) => value is T

export type PorticoStorage = {
  get<T>(key: string, guard: Guard<T>): T | undefined
  set(key: string, value: unknown): void
  remove(key: string): void
  /** A value stored with a timestamp, returned while younger than `ttlMs`. */
  getCached<T>(key: string, ttlMs: number, guard: Guard<T>): T | undefined
  setCached(key: string, value: unknown): void
}

/** Cache lifetimes of spec §9, in milliseconds. */
export const cacheLifetimes = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  ens: 5 * 60_000,
  identity: 5 * 60_000,
  history: 15_000,
  tokenPrice: 15_000,
} as const

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype'])

/** JSON.parse that drops keys that could pollute prototypes when the value is later spread. */
function safeParse(text: string): unknown {
  return JSON.parse(text, (key, value) => (forbiddenKeys.has(key) ? undefined : value))
}

/**
 * Storage that survives corrupted, foreign or oversized values and a backend that throws:
 * a bad value is dropped and reported (never a crash), a failed write is kept in memory.
 *
 * @example
 * const storage = createStorage({ backend: globalThis.localStorage ?? null })
 * storage.set('recent_wallets', ['a']); storage.get('recent_wallets', isStringArray)
 */
export function createStorage({
  backend,
  prefix = '@portico/',
  maxValueLength = 100_000,
  onError = () => {},
  now = Date.now,
}: CreateStorageParameters): PorticoStorage {
  const memory = new Map<string, string>()

  function report(error: BaseError) {
    try {
      onError(error)
    } catch {
      // a reporter that throws must not break storage
    }
  }

  function read(key: string): string | null {
    const full = prefix + key
    if (memory.has(full)) return memory.get(full) ?? null
    if (!backend) return null
    try {
      return backend.getItem(full)
    } catch (cause) {
      report(new StorageValueDroppedError({ key, reason: 'the storage could not be read', cause }))
      return null
    }
  }

  function drop(key: string, reason: string, cause?: unknown) {
    const full = prefix + key
    memory.delete(full)
    try {
      backend?.removeItem(full)
    } catch {
      // nothing more to do
    }
    report(new StorageValueDroppedError({ key, reason, cause }))
  }

  function get<T>(key: string, guard: Guard<T>): T | undefined {
    const raw = read(key)
    if (raw === null || raw === undefined) return undefined
    if (typeof raw !== 'string') {
      drop(key, 'not a string')
      return undefined
    }
    if (raw.length > maxValueLength) {
      drop(key, `longer than ${maxValueLength} characters`)
      return undefined
    }
    let value: unknown
    try {
      value = safeParse(raw)
    } catch (cause) {
      drop(key, 'not valid JSON', cause)
      return undefined
    }
    if (!guard(value)) {
      drop(key, 'not in the expected shape')
      return undefined
    }
    return value
  }

  function set(key: string, value: unknown): void {
    const full = prefix + key
    let text: string
    try {
      text = JSON.stringify(value)
    } catch (cause) {
      report(new StorageWriteError({ key, cause }))
      return
    }
    try {
      if (!backend) throw new Error('no storage backend')
      backend.setItem(full, text)
      memory.delete(full)
    } catch (cause) {
      memory.set(full, text)
      if (backend) report(new StorageWriteError({ key, cause }))
    }
  }

  function remove(key: string): void {
    const full = prefix + key
    memory.delete(full)
    try {
      backend?.removeItem(full)
    } catch (cause) {
      report(new StorageWriteError({ key, cause }))
    }
  }

  return {
    get,
    set,
    remove,
    getCached<T>(key: string, ttlMs: number, guard: Guard<T>) {
      const entry = get(key, (v): v is { timestamp: number; value: unknown } =>
        typeof v === 'object' && v !== null && typeof (v as { timestamp?: unknown }).timestamp === 'number' && 'value' in v,
      )
      if (!entry) return undefined
      const age = now() - entry.timestamp
      if (age < 0 || age >= ttlMs) {
        remove(key)
        return undefined
      }
      if (!guard(entry.value)) {
        drop(key, 'cached value not in the expected shape')
        return undefined
      }
      return entry.value
    },
    setCached(key: string, value: unknown) {
      set(key, { timestamp: now(), value })
    },
  }
}
