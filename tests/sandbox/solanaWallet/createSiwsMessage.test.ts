// The Sign In With Solana message the Phantom persona builds, against the specification's minimal
// and maximal templates (github.com/phantom/sign-in-with-solana, README), and the binding a wallet
// reads back from a message before it prompts.
import { describe, expect, it } from 'vitest'
import { createSiwsMessage, readSiwsBinding } from '../../../sandbox/solanaWallet/createSiwsMessage.js'

const address = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

describe('createSiwsMessage', () => {
  it('minimal: the header and the address only', () => {
    expect(createSiwsMessage({ domain: 'example.com', address })).toBe(`example.com wants you to sign in with your Solana account:\n${address}`)
  })

  it('maximal: statement after a blank line, then every advanced field in the ABNF order, resources as "- " lines', () => {
    const message = createSiwsMessage({
      domain: 'example.com:8080',
      address,
      statement: 'Sign in',
      uri: 'https://example.com:8080/login',
      version: '1',
      chainId: 'mainnet',
      nonce: 'oBbLoEldZs',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-01T00:10:00.000Z',
      notBefore: '2026-01-01T00:00:00.000Z',
      requestId: 'r-1',
      resources: ['https://example.com', 'https://phantom.app/'],
    })
    expect(message.split('\n')).toEqual([
      'example.com:8080 wants you to sign in with your Solana account:',
      address,
      '',
      'Sign in',
      '',
      'URI: https://example.com:8080/login',
      'Version: 1',
      'Chain ID: mainnet',
      'Nonce: oBbLoEldZs',
      'Issued At: 2026-01-01T00:00:00.000Z',
      'Expiration Time: 2026-01-01T00:10:00.000Z',
      'Not Before: 2026-01-01T00:00:00.000Z',
      'Request ID: r-1',
      'Resources:',
      '- https://example.com',
      '- https://phantom.app/',
    ])
  })

  it('no statement: the advanced fields follow the address after one blank line', () => {
    expect(createSiwsMessage({ domain: 'example.com', address, nonce: 'oBbLoEldZs' })).toBe(`example.com wants you to sign in with your Solana account:\n${address}\n\nNonce: oBbLoEldZs`)
  })
})

describe('readSiwsBinding', () => {
  it('reads the domain and URI of a sign-in message; nothing from any other message', () => {
    expect(readSiwsBinding(createSiwsMessage({ domain: '127.0.0.1:4700', address, uri: 'http://127.0.0.1:4700/' }))).toEqual({ domain: '127.0.0.1:4700', uri: 'http://127.0.0.1:4700/' })
    expect(readSiwsBinding(createSiwsMessage({ domain: '127.0.0.1:4700', address }))).toEqual({ domain: '127.0.0.1:4700', uri: undefined })
    expect(readSiwsBinding('Hello from the Portico demo')).toBeUndefined()
    expect(readSiwsBinding('example.com wants you to sign in with your Ethereum account:\n0xf39F')).toBeUndefined()
  })
})
