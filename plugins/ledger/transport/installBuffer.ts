import { Buffer } from 'buffer'

/**
 * Gives the page a global `Buffer` (the `buffer` package) unless it has one: Ledger's libraries
 * use it without importing it. Loaded, and called, before any `@ledgerhq` module is imported
 * (its own chunk, so an ES module's hoisted imports cannot run Ledger's code first).
 *
 * @example
 * ;(await import('./installBuffer.js')).installBuffer()
 */
export function installBuffer(): void {
  const scope = globalThis as { Buffer?: unknown }
  scope.Buffer ??= Buffer
}
