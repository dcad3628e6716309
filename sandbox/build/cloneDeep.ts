// Stands in for `lodash.clonedeep` in the sandbox's browser bundles (esbuild `alias`): lodash finds
// its global with `Function('return this')()`, code generation a strict CSP forbids and
// `buildSandboxAssets.test.ts` refuses. `@stacks/transactions` (the Stacks dev wallet's signing
// library) clones its transaction objects with it, so the clone keeps prototypes (class instances
// keep their methods), typed arrays, BigInts, Maps, Sets and cycles, as lodash's does.

function clone(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value
  const known = seen.get(value)
  if (known !== undefined) return known
  if (ArrayBuffer.isView(value)) {
    const copy = (value as Uint8Array).slice()
    seen.set(value, copy)
    return copy
  }
  if (value instanceof Date) return new Date(value.getTime())
  if (value instanceof Map) {
    const copy = new Map()
    seen.set(value, copy)
    for (const [k, v] of value) copy.set(clone(k, seen), clone(v, seen))
    return copy
  }
  if (value instanceof Set) {
    const copy = new Set()
    seen.set(value, copy)
    for (const v of value) copy.add(clone(v, seen))
    return copy
  }
  const copy: Record<PropertyKey, unknown> = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value))
  seen.set(value, copy)
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)
    if (descriptor?.enumerable) copy[key] = clone((value as Record<PropertyKey, unknown>)[key], seen)
  }
  return copy
}

/**
 * A deep copy of `value` that keeps prototypes, typed arrays, Maps, Sets and cycles.
 *
 * @example
 * cloneDeep(transaction).txid()
 */
// The package it replaces is a CommonJS default export, which its importers read as `default`.
export default function cloneDeep<T>(value: T): T {
  return clone(value, new Map()) as T
}
