// Stacks c32check addresses: portico/stacks's own decoder and encoder against c32check's published
// example and against the c32check package itself (the reference implementation), and hostile input.
import { randomBytes } from 'node:crypto'
import { c32address, c32addressDecode } from 'c32check'
import { privateKeyToAddress, randomPrivateKey, validateStacksAddress } from '@stacks/transactions'
import { describe, expect, it } from 'vitest'

import { decodeStacksAddress } from '../../../plugins/stacks/utils/decodeStacksAddress.js'
import { encodeStacksAddress } from '../../../plugins/stacks/utils/encodeStacksAddress.js'
import { isStacksAddress } from '../../../plugins/stacks/utils/isStacksAddress.js'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('Stacks addresses (c32check)', () => {
  it('matches c32check\'s published example (version 22, hash a46ff888…d39d)', () => {
    const hash = Uint8Array.from(Buffer.from('a46ff88886c2ef9762d970b4d2c63678835bd39d', 'hex'))
    expect(encodeStacksAddress(22, hash)).toBe('SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7')
    expect(decodeStacksAddress('SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7')).toEqual({ version: 22, hash160: hash, network: 'mainnet' })
  })

  it('encodes and decodes as c32check does for every account version, random hashes and leading zero bytes (40 and 41 characters, fewer with leading zero bytes)', () => {
    const lengths = new Set<number>()
    for (const version of [22, 20, 26, 21]) {
      for (let i = 0; i < 60; i++) {
        const hash = randomBytes(20)
        if (i % 10 === 0) hash.fill(0, 0, 1 + (i % 4))
        const reference = c32address(version, hash.toString('hex'))
        expect(encodeStacksAddress(version, hash)).toBe(reference)
        const decoded = decodeStacksAddress(reference)
        expect(decoded && hex(decoded.hash160)).toBe(hash.toString('hex'))
        expect(c32addressDecode(reference)).toEqual([version, hash.toString('hex')])
        lengths.add(reference.length)
      }
    }
    expect(lengths).toContain(40)
    expect(lengths).toContain(41)
    expect([...lengths].every((length) => length >= 38 && length <= 41)).toBe(true)
  })

  it('accepts the burn addresses, whose all-zero hash makes them 29 characters', () => {
    expect(c32address(22, '0'.repeat(40))).toBe('SP000000000000000000002Q6VF78')
    expect(decodeStacksAddress('SP000000000000000000002Q6VF78')).toEqual({ version: 22, hash160: new Uint8Array(20), network: 'mainnet' })
    expect(isStacksAddress('ST000000000000000000002AMW42H', 'testnet')).toBe(true)
    expect(isStacksAddress('ST0000000000000000000002AMW42H')).toBe(false)
  })

  it('agrees with @stacks/transactions on the addresses of real keys, per network', () => {
    for (let i = 0; i < 10; i++) {
      const key = randomPrivateKey()
      const mainnet = privateKeyToAddress(key, 'mainnet')
      const testnet = privateKeyToAddress(key, 'testnet')
      expect(validateStacksAddress(mainnet)).toBe(true)
      expect(isStacksAddress(mainnet, 'mainnet')).toBe(true)
      expect(isStacksAddress(mainnet, 'testnet')).toBe(false)
      expect(isStacksAddress(testnet, 'testnet')).toBe(true)
      expect(isStacksAddress(testnet, 'mainnet')).toBe(false)
    }
  })

  it('refuses hostile input: a broken checksum, other version characters, lower or mixed case, wrong lengths, contract principals, non-c32 characters and other chains\' addresses', () => {
    const good = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7'
    const bad = [
      `${good.slice(0, -1)}8`,
      `${good.slice(0, 10)}${good[10] === 'Z' ? 'Y' : 'Z'}${good.slice(11)}`,
      `SA${good.slice(2)}`,
      `SX${good.slice(2)}`,
      `TP${good.slice(2)}`,
      good.toLowerCase(),
      `${good.slice(0, 5).toLowerCase()}${good.slice(5)}`,
      good.slice(0, 39),
      `${good}0`,
      `${good}${'0'.repeat(1000)}`,
      `${good}.my-contract`,
      good.replace('J6', 'JO'),
      good.replace('J6', 'JI'),
      good.replace('J6', 'JL'),
      good.replace('J6', 'JU'),
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      '',
      ' SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
    ]
    for (const value of bad) expect(isStacksAddress(value), value.slice(0, 60)).toBe(false)
    for (const value of [undefined, null, 42, {}, ['SP'], new String(good)]) expect(isStacksAddress(value)).toBe(false)
    expect(() => encodeStacksAddress(22, new Uint8Array(19))).toThrow()
    expect(() => encodeStacksAddress(32, new Uint8Array(20))).toThrow()
  })
})
