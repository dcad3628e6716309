// A JSON number as the decimal string the amount readers parse: exactly as JavaScript writes it,
// without the exponent it uses below 1e-6 and from 1e21.
import { describe, expect, it } from 'vitest'
import { decimalOfNumber } from '../../../server/utils/decimalOfNumber.js'

describe('decimalOfNumber', () => {
  it('writes plain numbers as JavaScript does', () => {
    expect([50, 49.99, 0.25, 0, -5, 7500].map(decimalOfNumber)).toEqual(['50', '49.99', '0.25', '0', '-5', '7500'])
  })

  it('expands an exponent into the same digits', () => {
    expect([5e-7, 1.5e-7, -3e-7, 1.23e-10].map(decimalOfNumber)).toEqual(['0.0000005', '0.00000015', '-0.0000003', '0.000000000123'])
    expect([1e21, 1.2345e22].map(decimalOfNumber)).toEqual(['1000000000000000000000', '12345000000000000000000'])
  })
})
