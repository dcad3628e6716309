import { LedgerPathError } from '../errors.js'

/** A derivation scheme the picker offers: `{i}` stands for the row's index (each namespace's are in its `LedgerChain`). */
export type PathScheme = { id: string; label: string; template: string }

/** Most levels a path may have (BIP-32 allows 255; no wallet uses more than a handful). */
export const maxPathDepth = 10
const hardenedOffset = 2 ** 31
const maxTemplateLength = 200

/** A path or template, checked: its levels, each an index below 2³¹ or `{i}`, hardened or not. */
export type ParsedPath = { levels: readonly { index: number | 'i'; hardened: boolean }[] }

/**
 * Reads a derivation path (`m/44'/60'/0'/0/0`) or a template with `{i}` in one level
 * (`m/44'/60'/{i}'/0/0`). Refuses with {@link LedgerPathError} anything else: no `m/`, an empty
 * level, letters, an index of 2³¹ or more, more than {@link maxPathDepth} levels, `{i}` twice,
 * and, with `hardenedOnly` (Solana), a level that is not hardened.
 *
 * @example
 * parsePath("m/44'/60'/{i}'/0/0") // { levels: [{ index: 44, hardened: true }, …, { index: 'i', hardened: true }, …] }
 */
export function parsePath(text: string, { hardenedOnly = false }: { hardenedOnly?: boolean } = {}): ParsedPath {
  const fail = (reason: string): never => {
    throw new LedgerPathError({ path: String(text), reason })
  }
  if (typeof text !== 'string' || text.length === 0) fail('The path is empty')
  if (text.length > maxTemplateLength) fail(`The path is longer than ${maxTemplateLength} characters`)
  const trimmed = text.trim()
  if (!trimmed.startsWith('m/')) fail('A path starts with m/')
  const parts = trimmed.slice(2).split('/')
  if (parts.length > maxPathDepth) fail(`A path has at most ${maxPathDepth} levels`)
  let templated = false
  const levels = parts.map((part) => {
    const match = /^(\{i\}|0|[1-9][0-9]{0,9})(['h]?)$/.exec(part)
    if (!match) return fail(part === '' ? 'A level is empty' : `"${part.slice(0, 20)}" is not an index`)
    const hardened = match[2] !== ''
    if (hardenedOnly && !hardened) fail('Every level of this path is hardened (ends with \')')
    if (match[1] === '{i}') {
      if (templated) fail('{i} may appear once')
      templated = true
      return { index: 'i' as const, hardened }
    }
    const index = Number(match[1])
    if (index >= hardenedOffset) fail(`${match[1]} is not below 2^31`)
    return { index, hardened }
  })
  return { levels }
}

/** Whether a parsed path has a `{i}` level (each row gets its own index). */
export function isTemplate(path: ParsedPath): boolean {
  return path.levels.some((level) => level.index === 'i')
}

/**
 * The concrete path of row `i` (`m/44'/60'/3'/0/0`); a path without `{i}` is the same for every row.
 *
 * @example
 * pathAt(parsePath("m/44'/60'/{i}'/0/0"), 3) // "m/44'/60'/3'/0/0"
 */
export function pathAt(path: ParsedPath, i: number): string {
  if (!Number.isSafeInteger(i) || i < 0 || i >= hardenedOffset) throw new LedgerPathError({ path: `{i} = ${i}`, reason: 'The account index is not below 2^31' })
  return `m/${path.levels.map((level) => `${level.index === 'i' ? i : level.index}${level.hardened ? "'" : ''}`).join('/')}`
}

/** A concrete path as the Ledger libraries take it: no `m/` (`44'/60'/0'/0/0`). */
export function toLedgerPath(path: string): string {
  return path.replace(/^m\//, '')
}

/**
 * Whether `path` is one concrete path this plugin would derive (checked before a stored path is used).
 *
 * @example
 * isConcretePath("m/44'/60'/0'/0/0") // true
 */
export function isConcretePath(path: unknown, options: { hardenedOnly?: boolean } = {}): path is string {
  if (typeof path !== 'string') return false
  try {
    return !isTemplate(parsePath(path, options))
  } catch {
    return false
  }
}
