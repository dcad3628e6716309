import { describe, expect, it } from 'vitest'
import { formatBalance } from '../../kernel/kernel.js'

describe('balance display (spec §5): truncated, never rounded, to 3 decimals', () => {
  it.each([
    ['1.23999', '1.239'],
    ['0.9999', '0.999'],
    ['1', '1.000'],
    ['10000', '10000.000'],
    ['0.0001', '0.000'],
    ['00012.5', '12.500'],
    ['.5', '0.500'],
    ['-1.2399', '-1.239'],
    ['-0.0001', '0.000'],
    ['123456789012345678901234567890.123456', '123456789012345678901234567890.123'],
  ])('%s → %s', (input, output) => {
    expect(formatBalance({ balance: input })).toBe(output)
  })

  it('"0.000" when empty, zero or not a number', () => {
    for (const value of [undefined, null, '', '0', '0.0', 'abc', 'NaN', '1e', '1.2.3', ' ', '∞']) {
      expect(formatBalance({ balance: value as string })).toBe('0.000')
    }
    expect(formatBalance({ balance: Number.NaN })).toBe('0.000')
    expect(formatBalance({ balance: Number.POSITIVE_INFINITY })).toBe('0.000')
  })

  it('numbers, bigints and exponents', () => {
    expect(formatBalance({ balance: 1.23456 })).toBe('1.234')
    expect(formatBalance({ balance: 1e-7 })).toBe('0.000')
    expect(formatBalance({ balance: '2.5e3' })).toBe('2500.000')
    expect(formatBalance({ balance: 5n })).toBe('5.000')
  })

  it('appends the symbol', () => {
    expect(formatBalance({ balance: '2', symbol: 'ETH' })).toBe('2.000 ETH')
    expect(formatBalance({ balance: '', symbol: 'SOL' })).toBe('0.000 SOL')
  })
})
