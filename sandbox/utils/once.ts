/**
 * A function that runs `make` on its first call and returns that result on every call. The dev
 * wallets make their keys with it: a page load derives nothing, the first signature does.
 *
 * @param make what to compute once
 * @returns the memoized getter
 * @example
 * const key = once(() => devBitcoinKey())
 * key().privateKey
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}
