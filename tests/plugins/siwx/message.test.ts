import { SiweMessage } from 'siwe'
import { describe, expect, it } from 'vitest'
import { type SiwxMessageData } from '../../../plugins/siwx/index.js'
import { createSiwxMessage, generateNonce, parseSiwxMessage } from '../../../plugins/siwx/utils/index.js'
import { SiwxMessageError } from '../../../plugins/siwx/errors.js'

const base: SiwxMessageData = {
  domain: '127.0.0.1:4700',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:31337',
  uri: 'http://127.0.0.1:4700/',
  version: '1',
  nonce: 'q3ZbX0kP9aLm2Ws7',
  issuedAt: '2026-06-01T12:00:00.000Z',
}

describe('siwx message: exact EIP-4361 for eip155', () => {
  it('the minimal message parses with the siwe reference parser (two blank lines, numeric chain id)', () => {
    const text = createSiwxMessage({ data: base, label: 'Ethereum' })
    expect(text).toBe(
      '127.0.0.1:4700 wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\n\nURI: http://127.0.0.1:4700/\nVersion: 1\nChain ID: 31337\nNonce: q3ZbX0kP9aLm2Ws7\nIssued At: 2026-06-01T12:00:00.000Z',
    )
    const siwe = new SiweMessage(text)
    expect(siwe).toMatchObject({ domain: base.domain, address: base.accountAddress, chainId: 31337, nonce: base.nonce, uri: base.uri, version: '1', issuedAt: base.issuedAt })
    expect(siwe.prepareMessage()).toBe(text)
  })

  it('every optional field, in order, still parses with siwe and round-trips', () => {
    const data: SiwxMessageData = {
      ...base,
      statement: 'Sign in to the Portico demo.',
      expirationTime: '2026-06-02T12:00:00.000Z',
      notBefore: '2026-06-01T11:59:00.000Z',
      requestId: 'req-42',
      resources: ['https://example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/'],
    }
    const text = createSiwxMessage({ data, label: 'Ethereum' })
    const siwe = new SiweMessage(text)
    expect(siwe).toMatchObject({ statement: data.statement, expirationTime: data.expirationTime, notBefore: data.notBefore, requestId: 'req-42', resources: data.resources })
    expect(siwe.prepareMessage()).toBe(text)
    const { label, chainReference, ...fields } = parseSiwxMessage({ message: text })
    expect(label).toBe('Ethereum')
    expect(chainReference).toBe('31337')
    expect({ ...fields, chainId: 'eip155:31337' }).toEqual(data)
  })

  it('other namespaces (CAIP-122) use their own label and chain reference', () => {
    const text = createSiwxMessage({ label: 'Solana', data: { ...base, accountAddress: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' } })
    expect(text.split('\n')[0]).toBe('127.0.0.1:4700 wants you to sign in with your Solana account:')
    expect(text).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n')
    expect(parseSiwxMessage({ message: text }).label).toBe('Solana')
  })

  it('refuses fields that would break the format, each with a reason', () => {
    const bad: [Partial<SiwxMessageData>, RegExp][] = [
      [{ statement: 'two\nlines' }, /statement/],
      [{ statement: 'URI: https://evil.example\u2028' }, /statement/],
      [{ nonce: 'short' }, /nonce/],
      [{ nonce: 'has spaces in it' }, /nonce/],
      [{ domain: 'evil.example/path' }, /domain/],
      [{ domain: 'a b' }, /domain/],
      [{ uri: 'not a uri' }, /URI/],
      [{ issuedAt: 'yesterday' }, /Issued At/],
      [{ expirationTime: '2026-13-45T99:00:00Z' }, /Expiration Time/],
      [{ chainId: 'eip155' as never }, /CAIP-2/],
      [{ accountAddress: '0xabc def' }, /address/],
      [{ resources: ['ok://x', 'not a uri'] }, /resources/],
      [{ version: '2' as never }, /version/],
    ]
    for (const [patch, reason] of bad) {
      let error: unknown
      try {
        createSiwxMessage({ data: { ...base, ...patch }, label: 'Ethereum' })
      } catch (e) {
        error = e
      }
      expect(error, JSON.stringify(patch)).toBeInstanceOf(SiwxMessageError)
      expect((error as SiwxMessageError).reason, JSON.stringify(patch)).toMatch(reason)
    }
    expect(() => createSiwxMessage({ data: base, label: 'Eth\nereum' })).toThrow(SiwxMessageError)
  })

  it('parsing is strict: nothing extra, nothing missing, nothing reordered', () => {
    const text = createSiwxMessage({ data: { ...base, statement: 'Hi.' }, label: 'Ethereum' })
    const variants = [
      text + '\n',
      '\n' + text,
      text.replace('\n\nHi.\n\n', '\n\nHi.\n'),
      text.replace('Version: 1\nChain ID: 31337', 'Chain ID: 31337\nVersion: 1'),
      text.replace('Chain ID: 31337', 'Chain ID: eip155:31337'),
      text + '\nResources:',
      text + '\nSomething: else',
      text.replace('Issued At: 2026-06-01T12:00:00.000Z', 'Issued At: 2026-06-01 12:00'),
      text.replace(/\n/g, '\r\n'),
    ]
    for (const variant of variants) expect(() => parseSiwxMessage({ message: variant }), JSON.stringify(variant)).toThrow(SiwxMessageError)
    expect(() => parseSiwxMessage({ message: 42 as never })).toThrow(SiwxMessageError)
    expect(() => parseSiwxMessage({ message: 'a'.repeat(9000) })).toThrow(/longer than/)
  })

  it('nonces: 16 letters and digits by default, all different', () => {
    const nonces = new Set(Array.from({ length: 200 }, () => generateNonce()))
    expect(nonces.size).toBe(200)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(() => generateNonce(4)).toThrow(RangeError)
  })
})
