import { describe, expect, it } from 'vitest'
import { LedgerPathError } from '../../../plugins/ledger/errors.js'
import { ledgerChains } from '../../../plugins/ledger/chains/index.js'
import { isConcretePath, parsePath, pathAt } from '../../../plugins/ledger/utils/derivationPaths.js'

describe('ledger: derivation paths', () => {
  it('each scheme of the contract gives the paths it names', () => {
    const at = (template: string, i: number) => pathAt(parsePath(template), i)
    expect(ledgerChains.eip155.paths.map((s) => at(s.template, 2))).toEqual(["m/44'/60'/2'/0/0", "m/44'/60'/0'/2", "m/44'/60'/0'/0/2"])
    expect(ledgerChains.solana.paths.map((s) => at(s.template, 2))).toEqual(["m/44'/501'/2'", "m/44'/501'/2'/0'"])
    expect(at("m/44'/60'/0'/0/7", 3)).toBe("m/44'/60'/0'/0/7")
    expect(at("m/44h/60h/{i}h/0/0", 1)).toBe("m/44'/60'/1'/0/0")
  })

  it('refuses hostile input with the message the view shows, and the reason', () => {
    const cases: [string, RegExp][] = [
      ["m/44'/60'/x", /"x" is not an index/],
      ["m/44'/60'/2147483648'", /not below 2\^31/],
      ['m/4294967295', /not below 2\^31/],
      ['m/99999999999', /is not an index/],
      [`m/${Array.from({ length: 11 }, () => '0').join('/')}`, /at most 10 levels/],
      ['', /empty/],
      ['m/', /A level is empty/],
      ["m/44'//0", /A level is empty/],
      ["44'/60'/0'", /starts with m\//],
      ["m/{i}/{i}", /\{i\} may appear once/],
      ["m/-1", /is not an index/],
      ["m/01", /is not an index/],
      ["m/44''", /is not an index/],
      ['m/1e3', /is not an index/],
      [`m/${'1/'.repeat(200)}1`, /longer than 200/],
    ]
    for (const [text, reason] of cases) {
      let caught: unknown
      try {
        parsePath(text)
      } catch (error) {
        caught = error
      }
      expect(caught, text).toBeInstanceOf(LedgerPathError)
      expect((caught as LedgerPathError).shortMessage).toBe("Enter a path like m/44'/60'/0'/0/0")
      expect((caught as LedgerPathError).details, text).toMatch(reason)
    }
    expect(() => parsePath(null as unknown as string)).toThrow(LedgerPathError)
  })

  it('a Solana path is hardened at every level', () => {
    expect(() => parsePath("m/44'/501'/0'/0", { hardenedOnly: true })).toThrow(/hardened/)
    expect(parsePath("m/44'/501'/{i}'", { hardenedOnly: true }).levels).toHaveLength(3)
  })

  it('an index past 2^31 - 1 in a template row is refused, not wrapped', () => {
    const template = parsePath("m/44'/60'/{i}'/0/0")
    expect(pathAt(template, 2 ** 31 - 1)).toBe("m/44'/60'/2147483647'/0/0")
    expect(() => pathAt(template, 2 ** 31)).toThrow(LedgerPathError)
    expect(() => pathAt(template, -1)).toThrow(LedgerPathError)
  })

  it('isConcretePath accepts a stored concrete path only', () => {
    expect(isConcretePath("m/44'/60'/1'/0/0")).toBe(true)
    expect(isConcretePath("m/44'/60'/{i}'/0/0")).toBe(false)
    expect(isConcretePath({})).toBe(false)
    expect(isConcretePath("m/44'/501'/0'/0", { hardenedOnly: true })).toBe(false)
  })
})
