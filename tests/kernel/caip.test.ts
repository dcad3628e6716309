import { describe, expect, it } from 'vitest'
import {
  formatCaipAddress,
  formatCaipNetworkId,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  parseChainId,
  toHexChainId,
} from '../../kernel/kernel.js'

const evm = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
const hostile = ['', ':', '::', ':::', 'eip155', 'eip155:', ':1', 'eip155:1:', `eip155:1:${evm}:extra`, 'EIP155:1', 'eip155:1 ', ' eip155:1', 'eip155:１', 'éip155:1', 'eip155:1\u0000', 'ei:1', 'toolongnamespace:1', `eip155:${'1'.repeat(33)}`, 'a'.repeat(10_000), `eip155:${'1'.repeat(10_000)}`, '__proto__:x', 'javascript:alert(1)']

describe('CAIP-2 network ids', () => {
  it('parses and formats', () => {
    expect(parseCaipNetworkId('eip155:31337')).toEqual({ namespace: 'eip155', reference: '31337', caipNetworkId: 'eip155:31337' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp').namespace).toBe('solana')
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93').reference).toHaveLength(32)
    expect(formatCaipNetworkId({ namespace: 'eip155', reference: 1 })).toBe('eip155:1')
  })

  it.each(['eip155', 'eip155:1:0xab', 'a:b:c:d', 'x'])('"%s" does not have exactly two parts', (value) => {
    expect(() => parseCaipNetworkId(value)).toThrow('Invalid CAIP-2 network id')
  })

  it('hostile input gets the same clear error, never a crash', () => {
    for (const value of [...hostile.filter((v) => v.split(':').length !== 2 || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(v)), null, undefined, 42, {}, ['eip155:1']]) {
      let caught: unknown
      try {
        parseCaipNetworkId(value as string)
      } catch (e) {
        caught = e
      }
      expect(caught, String(value).slice(0, 40)).toBeInstanceOf(InvalidCaipNetworkIdError)
      expect((caught as InvalidCaipNetworkIdError).shortMessage).toBe('Invalid CAIP-2 network id')
      expect((caught as Error).message.length).toBeLessThan(600)
      expect(isCaipNetworkId(value)).toBe(false)
    }
  })
})

describe('CAIP-10 addresses', () => {
  it('parses and formats', () => {
    expect(parseCaipAddress(`eip155:1:${evm}`)).toEqual({ namespace: 'eip155', reference: '1', address: evm, caipNetworkId: 'eip155:1', caipAddress: `eip155:1:${evm}` })
    expect(formatCaipAddress({ caipNetworkId: 'eip155:1', address: evm })).toBe(`eip155:1:${evm}`)
    expect(isCaipAddress(`solana:localnet:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`)).toBe(true)
  })

  it.each(['eip155:1', `eip155:1:${evm}:x`, evm, 'a:b'])('"%s" does not have exactly three parts', (value) => {
    expect(() => parseCaipAddress(value)).toThrow('Invalid CAIP-10 address')
  })

  it('hostile input gets the same clear error, never a crash', () => {
    for (const value of [...hostile, `eip155:1:${'a'.repeat(129)}`, `eip155:1:0x<script>`, null, undefined, 7]) {
      let caught: unknown
      try {
        parseCaipAddress(value as string)
      } catch (e) {
        caught = e
      }
      expect(caught, String(value).slice(0, 40)).toBeInstanceOf(InvalidCaipAddressError)
      expect((caught as InvalidCaipAddressError).shortMessage).toBe('Invalid CAIP-10 address')
      expect(isCaipAddress(value)).toBe(false)
    }
    expect(() => formatCaipAddress({ caipNetworkId: 'nope', address: evm })).toThrow('Invalid CAIP-10 address')
  })

  it('shows a hostile value safely in the message', () => {
    const error = (() => {
      try {
        parseCaipAddress(`x${'\u202e'.repeat(5000)}`)
      } catch (e) {
        return e as Error
      }
    })()
    expect(error?.message).toContain('(5001 characters)')
    expect(error?.message).not.toContain('\u202e')
  })
})

describe('EIP-1193 chain ids', () => {
  it('toHexChainId gives the hex chain id of an eip155 CAIP-2 id, which parseChainId reads back', () => {
    expect(toHexChainId('eip155:1')).toBe('0x1')
    expect(toHexChainId('eip155:31337')).toBe('0x7a69')
    expect(toHexChainId('eip155:8453')).toBe('0x2105')
    for (const id of [1, 10, 137, 31337, 31338, 11155111, 0x7fffffff]) expect(parseChainId(toHexChainId(`eip155:${id}`))).toBe(id)
  })
})
