import { parseErc6492Signature, serializeErc6492Signature, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SiwxMessageData } from '../../../plugins/siwx/index.js'
import { createSiwxMessage } from '../../../plugins/siwx/utils/index.js'
import {
  createSiwxServer,
  SiwxChainNotConfiguredError,
  SiwxDomainMismatchError,
  SiwxExpiredError,
  SiwxInvalidMessageError,
  SiwxInvalidSignatureError,
  SiwxIssuedInFutureError,
  SiwxNonceReusedError,
  SiwxNotYetValidError,
  SiwxUnknownNonceError,
  SiwxUriMismatchError,
  SiwxVerificationError,
  type SiwxServer,
} from '../../../plugins/siwx/server/index.js'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { setupContractWallets } from './helpers/contractWallets.js'

const domain = 'app.example:8443'
const uri = 'https://app.example:8443/login'
const alice = devAccount(0)
const bob = devAccount(1)
let anvil: Anvil
let wallets: Awaited<ReturnType<typeof setupContractWallets>>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  wallets = await setupContractWallets(anvil.rpcUrl, 31337)
})
afterAll(async () => {
  await anvil?.stop()
})

function newServer(clock = { now: Date.parse('2026-06-01T12:00:00.000Z') }): { server: SiwxServer; clock: { now: number } } {
  const server = createSiwxServer({ domain, uri, chains: { 'eip155:31337': { rpcUrl: anvil.rpcUrl } }, now: () => clock.now })
  return { server, clock }
}

function message(fields: Partial<SiwxMessageData> & { nonce: string }, now: number): string {
  return createSiwxMessage({
    label: 'Ethereum',
    data: { domain, accountAddress: alice.address, chainId: 'eip155:31337', uri, version: '1', issuedAt: new Date(now).toISOString(), statement: 'Sign in to the test app.', ...fields },
  })
}

async function refusal(promise: Promise<unknown>): Promise<SiwxVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'verify() should have refused').toBeInstanceOf(SiwxVerificationError)
  return error as SiwxVerificationError
}

describe('portico/siwx/server: accepts', () => {
  it('an EOA signature: a session that lasts, can be read and revoked', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    const text = message({ nonce }, clock.now)
    const session = await server.verify({ message: text, signature: await alice.signMessage({ message: text }) })
    expect(session).toMatchObject({ address: alice.address, caipNetworkId: 'eip155:31337', data: { nonce, domain, uri, chainId: 'eip155:31337' } })
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(session.expiresAt).toBe(clock.now + 24 * 3_600_000)
    expect((await server.getSession(session.id))?.address).toBe(alice.address)
    clock.now += 24 * 3_600_000
    expect(await server.getSession(session.id)).toBeUndefined()
  })

  it('revoke ends a session', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce }, clock.now)
    const session = await server.verify({ message: text, signature: await alice.signMessage({ message: text }) })
    await server.revoke(session.id)
    expect(await server.getSession(session.id)).toBeUndefined()
  })

  it('an EIP-1271 contract wallet deployed on anvil (its owner signs)', async () => {
    const { server, clock } = newServer()
    const contract = await wallets.deployWallet(alice.address, 'alice-1271')
    expect(await wallets.getCode(contract)).toMatch(/^0x[0-9a-f]{20,}/)
    const nonce = await server.issueNonce()
    const text = message({ nonce, accountAddress: contract }, clock.now)
    const session = await server.verify({ message: text, signature: await alice.signMessage({ message: text }) })
    expect(session.address).toBe(contract)
  })

  it('an EIP-6492 signature of a contract wallet that is not deployed yet', async () => {
    const { server, clock } = newServer()
    const { address, factoryData } = await wallets.counterfactual(alice.address, 'alice-6492')
    expect(await wallets.getCode(address)).toBeUndefined()
    const nonce = await server.issueNonce()
    const text = message({ nonce, accountAddress: address }, clock.now)
    const signature = serializeErc6492Signature({ address: wallets.factoryAddress, data: factoryData, signature: await alice.signMessage({ message: text }) })
    expect(parseErc6492Signature(signature).address?.toLowerCase()).toBe(wallets.factoryAddress.toLowerCase())
    const session = await server.verify({ message: text, signature })
    expect(session.address).toBe(address)
    expect(await wallets.getCode(address), 'verification only simulates the deployment').toBeUndefined()
  })
})

describe('portico/siwx/server: refuses, each with its reason', () => {
  it('a tampered message (signature no longer matches)', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce }, clock.now)
    const signature = await alice.signMessage({ message: text })
    const tampered = text.replace('Sign in to the test app.', 'Sign in and give away everything.')
    const error = await refusal(server.verify({ message: tampered, signature }))
    expect(error).toBeInstanceOf(SiwxInvalidSignatureError)
    expect(error.reason).toBe('INVALID_SIGNATURE')
    expect(error.shortMessage).toBe('The signature is not valid')
    // The nonce was not burnt by the failed attempt: the genuine message still signs in.
    await expect(server.verify({ message: text, signature })).resolves.toMatchObject({ address: alice.address })
  })

  it('a signature by another address', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce }, clock.now)
    const error = await refusal(server.verify({ message: text, signature: await bob.signMessage({ message: text }) }))
    expect(error).toBeInstanceOf(SiwxInvalidSignatureError)
  })

  it('a contract wallet whose owner did not sign', async () => {
    const { server, clock } = newServer()
    const contract = await wallets.deployWallet(alice.address, 'alice-1271-b')
    const nonce = await server.issueNonce()
    const text = message({ nonce, accountAddress: contract }, clock.now)
    const error = await refusal(server.verify({ message: text, signature: await bob.signMessage({ message: text }) }))
    expect(error.reason).toBe('INVALID_SIGNATURE')
  })

  it('a reused nonce (replay)', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce }, clock.now)
    const signature = await alice.signMessage({ message: text })
    await server.verify({ message: text, signature })
    const error = await refusal(server.verify({ message: text, signature }))
    expect(error).toBeInstanceOf(SiwxNonceReusedError)
    expect(error.shortMessage).toBe('The sign-in nonce has already been used')
  })

  it('two verifications of one message at once: exactly one wins', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce }, clock.now)
    const signature = await alice.signMessage({ message: text })
    const results = await Promise.allSettled([server.verify({ message: text, signature }), server.verify({ message: text, signature })])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(SiwxNonceReusedError)
  })

  it('a nonce this server never issued', async () => {
    const { server, clock } = newServer()
    const text = message({ nonce: 'NotIssuedHere123' }, clock.now)
    expect(await refusal(server.verify({ message: text, signature: await alice.signMessage({ message: text }) }))).toBeInstanceOf(SiwxUnknownNonceError)
  })

  it('an expired message', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce, expirationTime: new Date(clock.now + 60_000).toISOString() }, clock.now)
    const signature = await alice.signMessage({ message: text })
    clock.now += 120_000
    const error = await refusal(server.verify({ message: text, signature }))
    expect(error).toBeInstanceOf(SiwxExpiredError)
    expect(error.shortMessage).toContain('expired at')
  })

  it('a session ends with the message\'s Expiration Time when that comes first', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const expirationTime = new Date(clock.now + 60_000).toISOString()
    const text = message({ nonce, expirationTime }, clock.now)
    const session = await server.verify({ message: text, signature: await alice.signMessage({ message: text }) })
    expect(session.expiresAt).toBe(Date.parse(expirationTime))
    clock.now += 61_000
    expect(await server.getSession(session.id)).toBeUndefined()
  })

  it('a message that is not valid yet (Not Before)', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce, notBefore: new Date(clock.now + 3_600_000).toISOString() }, clock.now)
    expect(await refusal(server.verify({ message: text, signature: await alice.signMessage({ message: text }) }))).toBeInstanceOf(SiwxNotYetValidError)
  })

  it('a message issued in the future (beyond the clock skew)', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce, issuedAt: new Date(clock.now + 10 * 60_000).toISOString() }, clock.now)
    expect(await refusal(server.verify({ message: text, signature: await alice.signMessage({ message: text }) }))).toBeInstanceOf(SiwxIssuedInFutureError)
  })

  it('a wrong domain', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce, domain: 'evil.example', uri: 'https://evil.example/' }, clock.now)
    const error = await refusal(server.verify({ message: text, signature: await alice.signMessage({ message: text }) }))
    expect(error).toBeInstanceOf(SiwxDomainMismatchError)
    expect(error.shortMessage).toBe('The sign-in message is for another domain ("evil.example")')
  })

  it('a URI on another origin', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce, uri: 'https://evil.example/login' }, clock.now)
    expect(await refusal(server.verify({ message: text, signature: await alice.signMessage({ message: text }) }))).toBeInstanceOf(SiwxUriMismatchError)
  })

  it('a wrong chain', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce, chainId: 'eip155:1' }, clock.now)
    const error = await refusal(server.verify({ message: text, signature: await alice.signMessage({ message: text }) }))
    expect(error).toBeInstanceOf(SiwxChainNotConfiguredError)
    expect(error.shortMessage).toContain('eip155:1')
  })

  it('hostile input: garbage, non-canonical text, foreign labels, bad addresses — and nothing is lost', async () => {
    const { server, clock } = newServer()
    const nonce = await server.issueNonce()
    const text = message({ nonce }, clock.now)
    const signature = await alice.signMessage({ message: text })
    const hostile: { message: unknown; signature: unknown }[] = [
      { message: '', signature },
      { message: 'hello', signature },
      { message: text + '\n', signature },
      { message: text.replace(/\n/g, '\r\n'), signature },
      { message: ' ' + text, signature },
      { message: text.replace('Ethereum account', 'Dogecoin account'), signature },
      { message: text.replace(alice.address, alice.address.toLowerCase()), signature },
      { message: text.replace('Version: 1', 'Version: 2'), signature },
      { message: text.replace(`Nonce: ${nonce}`, 'Nonce: short'), signature },
      { message: text.replace(/Issued At: .*/, 'Issued At: yesterday'), signature },
      { message: 'x'.repeat(100_000), signature },
      { message: 42, signature },
      { message: text, signature: { r: 1 } },
      { message: null, signature: null },
    ]
    for (const input of hostile) {
      const error = await refusal(server.verify(input as { message: string; signature: string }))
      expect(error, JSON.stringify(input).slice(0, 120)).toBeInstanceOf(SiwxInvalidMessageError)
      expect(error.reason).toBe('INVALID_MESSAGE')
    }
    for (const bad of ['0x', 'not hex', '0x' + '00'.repeat(65), '0x1234']) {
      expect((await refusal(server.verify({ message: text, signature: bad }))).reason).toBe('INVALID_SIGNATURE')
    }
    // Still signs in with the genuine pair afterwards.
    await expect(server.verify({ message: text, signature })).resolves.toMatchObject({ data: { nonce } })
    expect(await server.getSession('')).toBeUndefined()
    expect(await server.getSession('x'.repeat(1000))).toBeUndefined()
  })

  it('refuses to start without a domain, with a bad chain id or a bad uri', () => {
    expect(() => createSiwxServer({ domain: '', chains: { 'eip155:1': { rpcUrl: 'http://127.0.0.1:9' } } })).toThrow(/domain/)
    expect(() => createSiwxServer({ domain, chains: { 'eip155': { rpcUrl: 'http://127.0.0.1:9' } } as never })).toThrow(/CAIP-2/)
    expect(() => createSiwxServer({ domain, chains: {} })).toThrow(/at least one chain/)
    expect(() => createSiwxServer({ domain, uri: 'not a url', chains: { 'eip155:1': { rpcUrl: 'http://127.0.0.1:9' } } })).toThrow(/uri/)
  })
})

export type { Address, Hex }
