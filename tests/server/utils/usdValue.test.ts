import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { usdValue } from '../../../server/utils/usdValue.js'

describe('usdValue', () => {
  it('multiplies exactly, where a float multiplication of the quantity would not', () => {
    expect(0.1 * 3).not.toBe(0.3)
    expect(usdValue(parseUnits('0.1', 18), 18, 3)).toBe(0.3)
    expect(usdValue(parseUnits('1.5', 18), 18, 3000)).toBe(4500)
    expect(usdValue(parseUnits('12.5', 6), 6, 1)).toBe(12.5)
    expect(usdValue(parseUnits('0.000001', 6), 6, 0.07)).toBe(0.00000007)
    expect(usdValue(parseUnits('123456789.123456', 6), 6, 1.01)).toBe(124691357.01469056)
  })

  it('is 0 for nothing, a zero or negative price, and prices that are not finite', () => {
    expect(usdValue(0n, 18, 3000)).toBe(0)
    for (const price of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(usdValue(10n ** 18n, 18, price)).toBe(0)
  })
})
