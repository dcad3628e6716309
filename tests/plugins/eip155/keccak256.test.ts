// The eip155 plugin's own Keccak-256 (plugins/eip155/utils/keccak256.ts), which EIP-55 checksums
// stand on: byte for byte what viem's keccak256 gives, across the rate boundary (136 bytes) and
// several blocks, and the EIP-55 examples.
import { getAddress, keccak256 as viemKeccak256, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { keccak256 } from '../../../plugins/eip155/utils/keccak256.js'
import { toChecksumAddress } from '../../../plugins/eip155/utils/toChecksumAddress.js'

const hex = (bytes: Uint8Array) => toHex(bytes)

describe('eip155 keccak256', () => {
  it('is Keccak-256 (not SHA3-256): the empty input and a short text', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
    expect(hex(keccak256(new TextEncoder().encode('transfer(address,uint256)'))).slice(0, 10)).toBe('0xa9059cbb')
  })

  it('gives what viem gives for every length from 0 to 420 bytes (one to four blocks)', () => {
    for (let length = 0; length <= 420; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 131 + length * 7 + 3) & 0xff)
      expect(hex(keccak256(bytes)), `${length} bytes`).toBe(viemKeccak256(bytes))
    }
  })
})

describe('eip155 toChecksumAddress', () => {
  it("gives EIP-55's examples and what viem's getAddress gives", () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address)
    }
    for (let i = 0; i < 200; i++) {
      const lower = `0x${Array.from({ length: 40 }, (_, k) => ((i * 7919 + k * 104729) % 16).toString(16)).join('')}`
      expect(toChecksumAddress(lower)).toBe(getAddress(lower))
    }
  })
})
