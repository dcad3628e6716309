import { describe, expect, it } from 'vitest'
import { cacheLifetimes, createStorage, StorageValueDroppedError, StorageWriteError, type BaseError } from '../../kernel/kernel.js'
import { memoryStorage } from './helpers/testKit.js'

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function setup(initial: Record<string, string> = {}) {
  const backend = memoryStorage(initial)
  const errors: BaseError[] = []
  let now = 1_000_000
  const storage = createStorage({ backend, onError: (e) => errors.push(e), now: () => now })
  return { backend, errors, storage, tick: (ms: number) => (now += ms) }
}

describe('storage survives bad values', () => {
  it('round-trips values under the @portico/ prefix', () => {
    const { storage, backend } = setup()
    storage.set('recent', ['a', 'b'])
    expect(backend.data.get('@portico/recent')).toBe('["a","b"]')
    expect(storage.get('recent', isStringArray)).toEqual(['a', 'b'])
  })

  it('drops and reports corrupted JSON', () => {
    const { storage, errors, backend } = setup({ '@portico/recent': '{"a":' })
    expect(storage.get('recent', isStringArray)).toBeUndefined()
    expect(errors[0]).toBeInstanceOf(StorageValueDroppedError)
    expect(errors[0]?.message).toContain('not valid JSON')
    expect(backend.data.has('@portico/recent')).toBe(false)
  })

  it('drops foreign values that do not have the expected shape', () => {
    const { storage, errors } = setup({ '@portico/recent': '{"foreign":true}' })
    expect(storage.get('recent', isStringArray)).toBeUndefined()
    expect(errors[0]?.message).toContain('not in the expected shape')
  })

  it('drops oversized values (10 kB strings are fine, 200 kB are not)', () => {
    const big = JSON.stringify('x'.repeat(200_000))
    const medium = JSON.stringify(['é🙂'.repeat(2_500)])
    const { storage, errors } = setup({ '@portico/big': big, '@portico/medium': medium })
    expect(storage.get('big', (v): v is string => typeof v === 'string')).toBeUndefined()
    expect(errors[0]?.message).toContain('longer than')
    expect(storage.get('medium', isStringArray)?.[0]).toHaveLength(7_500)
  })

  it('strips __proto__, constructor and prototype keys so nothing is polluted', () => {
    const { storage } = setup({ '@portico/obj': '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"ok":1}' })
    const value = storage.get('obj', isObject)
    expect(value).toEqual({ ok: 1 })
    const merged = { ...value }
    expect((merged as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a storage that throws on write keeps the value in memory and reports', () => {
    const errors: BaseError[] = []
    const storage = createStorage({
      backend: {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError')
        },
        removeItem: () => {},
      },
      onError: (e) => errors.push(e),
    })
    storage.set('recent', ['a'])
    expect(storage.get('recent', isStringArray)).toEqual(['a'])
    expect(errors[0]).toBeInstanceOf(StorageWriteError)
  })

  it('a storage that throws on read is treated as empty', () => {
    const errors: BaseError[] = []
    const storage = createStorage({
      backend: {
        getItem: () => {
          throw new Error('SecurityError')
        },
        setItem: () => {},
        removeItem: () => {},
      },
      onError: (e) => errors.push(e),
    })
    expect(storage.get('recent', isStringArray)).toBeUndefined()
    expect(errors).toHaveLength(1)
  })

  it('no backend at all (server side) works in memory', () => {
    const storage = createStorage({ backend: null })
    storage.set('k', 1)
    expect(storage.get('k', (v): v is number => typeof v === 'number')).toBe(1)
  })
})

describe('cache lifetimes (spec §9)', () => {
  it('are the spec numbers', () => {
    expect(cacheLifetimes).toEqual({ portfolio: 30_000, nativeBalance: 30_000, ens: 300_000, identity: 300_000, history: 15_000, tokenPrice: 15_000 })
  })

  it('a cached value lives for its lifetime, then is gone', () => {
    const { storage, tick } = setup()
    storage.setCached('balance', ['1'])
    tick(cacheLifetimes.history - 1)
    expect(storage.getCached('balance', cacheLifetimes.history, isStringArray)).toEqual(['1'])
    tick(1)
    expect(storage.getCached('balance', cacheLifetimes.history, isStringArray)).toBeUndefined()
  })

  it('a cache entry from the future or without a timestamp is dropped', () => {
    const { storage } = setup({ '@portico/c': JSON.stringify({ timestamp: 9e15, value: ['x'] }), '@portico/d': JSON.stringify({ value: ['x'] }) })
    expect(storage.getCached('c', 1000, isStringArray)).toBeUndefined()
    expect(storage.getCached('d', 1000, isStringArray)).toBeUndefined()
  })
})
