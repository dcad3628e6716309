import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { FrameEvent, FrameResponse } from '../../../../plugins/auth/protocol.js'
import { sessionStorageKey } from '../../../../plugins/auth/frame/api/sessionToken.js'
import type { ApprovalPrompt, Approver } from '../../../../plugins/auth/frame/approval/createApprovalGate.js'
import { createFrameHandler } from '../../../../plugins/auth/frame/handler/createFrameHandler.js'
import { readFrameConfig, type FrameConfig } from '../../../../plugins/auth/frame/handler/FrameConfig.js'
import { deviceShareKey } from '../../../../plugins/auth/frame/keys/deviceShare.js'
import { fakeAuthServer } from './fakeAuthServer.js'
import { memoryStorage } from './memoryStorage.js'

const site = 'http://127.0.0.1:4700'
const frameOrigin = 'http://127.0.0.1:4711'
const config = { projectId: 'demo', allowedOrigins: ['http://127.0.0.1:*'], apiBase: '/auth/v1', rpcBase: '/v1/' }

/**
 * The visitor at the approval screen: approves every prompt as shown (bound to its request id
 * and payload hash) and keeps what each showed. The screen itself, its click checks and the
 * hostile cases run in real Chromium (tests/e2e/auth/approval.test.ts).
 */
function approvingVisitor() {
  const prompts: ApprovalPrompt[] = []
  const approver: Approver = (prompt) => {
    prompts.push(prompt)
    return { decision: Promise.resolve({ approved: true, requestId: prompt.requestId, payloadHash: prompt.payloadHash }), close: () => undefined }
  }
  return { approver, prompts }
}

function browser(server: ReturnType<typeof fakeAuthServer>, storage = memoryStorage(), now?: () => number, frameConfig: FrameConfig = config) {
  const visitor = approvingVisitor()
  const handler = createFrameHandler({ config: frameConfig, frameOrigin, fetch: server.fetch as typeof fetch, storage, approver: visitor.approver, ...(now ? { now } : {}) })
  const events: FrameEvent[] = []
  handler.connect(site, (event) => events.push(event))
  let id = 0
  const call = async (method: string, params?: unknown): Promise<FrameResponse> => {
    const answer = await handler.handle({ id: ++id, method, ...(params === undefined ? {} : { params }) })
    if (!answer) throw new Error('no answer')
    return answer
  }
  const ok = async <T = any>(method: string, params?: unknown): Promise<T> => {
    const answer = await call(method, params)
    if ('error' in answer) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
    return answer.result as T
  }
  const fails = async (method: string, params?: unknown) => {
    const answer = await call(method, params)
    if (!('error' in answer)) throw new Error(`${method} answered ${JSON.stringify(answer.result)}`)
    return answer.error
  }
  const emailLogin = async (email: string) => {
    await ok('emailStart', { email })
    return ok('emailVerify', { code: server.sentCodes.at(-1) })
  }
  return { handler, storage, events, call, ok, fails, emailLogin, prompts: visitor.prompts }
}

describe('the frame handler: login and custody', () => {
  it('creates the wallet on the first email login, splits it and keeps only the device share here', async () => {
    const server = fakeAuthServer()
    const b = browser(server)
    expect(await b.ok('status')).toEqual({})
    const sent = await b.ok('emailStart', { email: 'alice@example.com' })
    expect(sent.expiresAt).toBeGreaterThan(Date.now())
    expect(await b.fails('emailVerify', { code: '000000' })).toMatchObject({ code: 'WRONG_CODE', data: { attemptsLeft: 4 } })
    const state = await b.ok('emailVerify', { code: server.sentCodes.at(-1) })
    expect(state.user).toEqual({ id: 'email:alice@example.com', email: 'alice@example.com', provider: 'email' })
    expect(state.accounts.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(base58.decode(state.accounts.solana)).toHaveLength(32)
    const wallet = server.wallets.get('email:alice@example.com')!
    expect({ eip155: wallet.eip155, solana: wallet.solana }).toEqual(state.accounts)
    const stored = JSON.parse(b.storage.getItem(deviceShareKey)!)
    expect(stored.userId).toBe('email:alice@example.com')
    expect(new Set([stored.share, wallet.authShare, wallet.recoveryShare]).size).toBe(3)
    expect(b.storage.getItem(sessionStorageKey)).toMatch(/^[0-9a-f]{32}$/)
    expect(b.events).toContainEqual({ event: 'stateChanged', data: state })
    // Nothing secret in what the site saw.
    const seen = JSON.stringify([state, b.events])
    for (const secret of [stored.share, wallet.authShare, wallet.recoveryShare]) expect(seen).not.toContain(secret)
  })

  it('restores from the stored session on reload, and logout keeps the device share', async () => {
    const server = fakeAuthServer()
    const storage = memoryStorage()
    const first = await browser(server, storage).emailLogin('bob@example.com')
    const reloaded = browser(server, storage)
    expect(await reloaded.ok('status')).toEqual(first)
    expect(server.recoveryEmails).toEqual([])
    expect(await reloaded.ok('logout')).toBeNull()
    expect(storage.getItem(sessionStorageKey)).toBeNull()
    expect(storage.getItem(deviceShareKey)).not.toBeNull()
    expect(await reloaded.ok('status')).toEqual({})
    expect(reloaded.events.at(-1)).toEqual({ event: 'stateChanged', data: {} })
    expect(await reloaded.emailLogin('bob@example.com')).toEqual(first)
    expect(server.recoveryEmails).toEqual([])
  })

  it('a new browser recovers the same wallet with the recovery share and keeps it as its device share', async () => {
    const server = fakeAuthServer()
    const first = await browser(server).emailLogin('carol@example.com')
    const other = browser(server)
    const state = await other.emailLogin('carol@example.com')
    expect(state.accounts).toEqual(first.accounts)
    expect(server.recoveryEmails).toEqual(['email:carol@example.com'])
    expect(JSON.parse(other.storage.getItem(deviceShareKey)!)).toEqual({ userId: 'email:carol@example.com', share: server.wallets.get('email:carol@example.com')!.recoveryShare })
    // And it signs with that wallet.
    const signature = await other.ok('request', { chainId: 'eip155:1', method: 'personal_sign', params: ['0x68656c6c6f', state.accounts.eip155] })
    expect(await verifyMessage({ address: state.accounts.eip155, message: { raw: '0x68656c6c6f' }, signature })).toBe(true)
  })

  it('ignores the device share of another user on this browser (recovers instead) and a corrupted one', async () => {
    const server = fakeAuthServer()
    const storage = memoryStorage()
    await browser(server).emailLogin('dave@example.com')
    const dave = browser(server, storage)
    const bobShare = JSON.stringify({ userId: 'email:bob@example.com', share: server.wallets.get('email:dave@example.com')!.authShare })
    storage.setItem(deviceShareKey, bobShare)
    const state = await dave.emailLogin('dave@example.com')
    expect(state.accounts.eip155).toBe(server.wallets.get('email:dave@example.com')!.eip155)
    expect(server.recoveryEmails).toEqual(['email:dave@example.com'])
    expect(JSON.parse(storage.getItem(deviceShareKey)!).userId).toBe('email:dave@example.com')

    const corrupted = memoryStorage({ [deviceShareKey]: '{"userId":"email:dave@example.com","share":' })
    expect((await browser(server, corrupted).emailLogin('dave@example.com')).accounts).toEqual(state.accounts)
    expect(server.recoveryEmails).toHaveLength(2)
  })

  it('fails WALLET_MISMATCH and keeps nothing when the shares rebuild another wallet', async () => {
    const server = fakeAuthServer()
    const storage = memoryStorage()
    const b = browser(server, storage)
    await b.emailLogin('erin@example.com')
    await b.ok('logout')
    server.wallets.get('email:erin@example.com')!.eip155 = '0x000000000000000000000000000000000000dEaD'
    await b.ok('emailStart', { email: 'erin@example.com' })
    expect(await b.fails('emailVerify', { code: server.sentCodes.at(-1) })).toMatchObject({ code: 'WALLET_MISMATCH' })
    expect(storage.getItem(sessionStorageKey)).toBeNull()
    expect(storage.getItem(deviceShareKey)).toBeNull()
    expect(await b.ok('status')).toEqual({})
    expect(await b.fails('request', { chainId: 'eip155:1', method: 'eth_accounts' })).toMatchObject({ code: 'NOT_LOGGED_IN' })
  })

  it('continues with the existing wallet when POST /wallet answers 409', async () => {
    const server = fakeAuthServer()
    const first = await browser(server).emailLogin('fay@example.com')
    // The other browser's /me said "no wallet" just before the first created it.
    const storage = memoryStorage()
    const wallet = server.wallets.get('email:fay@example.com')!
    server.wallets.delete('email:fay@example.com')
    const realFetch = server.fetch
    let once = true
    const racing = createFrameHandler({
      config,
      frameOrigin,
      storage,
      fetch: (async (input: string, init?: RequestInit) => {
        if (once && String(input).endsWith('/wallet') && init?.method === 'POST') {
          once = false
          server.wallets.set('email:fay@example.com', wallet)
        }
        return realFetch(input, init)
      }) as typeof fetch,
    })
    let id = 0
    await racing.handle({ id: ++id, method: 'emailStart', params: { email: 'fay@example.com' } })
    const answer = await racing.handle({ id: ++id, method: 'emailVerify', params: { code: server.sentCodes.at(-1) } })
    expect(answer).toEqual({ id, result: first })
    expect(server.calls.filter((c) => c === 'POST /wallet')).toHaveLength(2)
  })

  it('social login: the start URL carries the challenge and the site origin; the ticket is redeemed with the verifier', async () => {
    const server = fakeAuthServer()
    const b = browser(server)
    const { url } = await b.ok('socialStart', { provider: 'google' })
    const parsed = new URL(url)
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${frameOrigin}/auth/v1/social/google/start`)
    expect(parsed.searchParams.get('projectId')).toBe('demo')
    expect(parsed.searchParams.get('origin')).toBe(site)
    const challenge = parsed.searchParams.get('challenge')!
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const state = await b.ok('socialFinish', { ticket: server.issueTicket('gus@example.com', challenge) })
    expect(state.user.id).toBe('email:gus@example.com')
    // A ticket bound to another challenge (another frame's) is refused.
    await b.ok('socialStart', { provider: 'google' })
    expect(await b.fails('socialFinish', { ticket: server.issueTicket('gus@example.com', 'x'.repeat(43)) })).toMatchObject({ code: 'PROVIDER_ERROR' })
  })

  it('changes the email with a code sent to the new address', async () => {
    const server = fakeAuthServer()
    const b = browser(server)
    const before = await b.emailLogin('hal@example.com')
    await b.ok('emailChangeStart', { email: 'hal@new.example.com' })
    const after = await b.ok('emailChangeVerify', { code: server.sentCodes.at(-1) })
    expect(after).toEqual({ user: { ...before.user, email: 'hal@new.example.com' }, accounts: before.accounts, recovery: 'server' })
    expect(b.events.at(-1)).toEqual({ event: 'stateChanged', data: after })
  })

  it('forgets the session when the server no longer knows it', async () => {
    const server = fakeAuthServer()
    const b = browser(server)
    await b.emailLogin('kim@example.com')
    server.sessions.clear()
    expect(await b.fails('request', { chainId: 'eip155:1', method: 'personal_sign', params: ['0x68', (await b.ok('status')).accounts.eip155] })).toMatchObject({ code: 'NOT_LOGGED_IN' })
    expect(b.storage.getItem(sessionStorageKey)).toBeNull()
    expect(await b.ok('status')).toEqual({})
    expect(b.events.at(-1)).toEqual({ event: 'stateChanged', data: {} })
    expect(b.storage.getItem(deviceShareKey)).not.toBeNull()
  })

  it('showExport needs a login at most 5 minutes old', async () => {
    const server = fakeAuthServer()
    let clock = Date.now()
    const b = browser(server, memoryStorage(), () => clock)
    await b.emailLogin('ivy@example.com')
    clock += 6 * 60_000
    expect(await b.fails('showExport')).toMatchObject({ code: 'REAUTH_REQUIRED' })
    expect(await b.ok('hideExport')).toBeNull()
  })
})

describe('the frame handler: bad requests', () => {
  it('answers INVALID_PARAMS and UNSUPPORTED_METHOD, ignores what is not a request, and never throws', async () => {
    const server = fakeAuthServer()
    const b = browser(server)
    for (const message of [null, 'x', 42, {}, { id: 'one', method: 'status' }, { id: 1.5, method: 'status' }, []]) {
      expect(await b.handler.handle(message)).toBeUndefined()
    }
    expect(await b.fails('nope')).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(await b.fails('__proto__')).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(await b.handler.handle({ id: 7 })).toEqual({ id: 7, error: expect.objectContaining({ code: 'UNSUPPORTED_METHOD' }) })
    for (const params of [undefined, {}, { email: 'not an email' }, { email: 42 }, { email: `${'a'.repeat(250)}@x.io` }]) {
      expect(await b.fails('emailStart', params)).toMatchObject({ code: 'INVALID_PARAMS' })
    }
    expect(await b.fails('emailVerify', { code: '123456' })).toMatchObject({ code: 'INVALID_PARAMS' }) // no code sent yet
    expect(await b.fails('emailVerify', { code: '12345' })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await b.fails('socialStart', { provider: '../evil' })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await b.fails('socialFinish', { ticket: 'abc' })).toMatchObject({ code: 'INVALID_PARAMS' }) // not started
    expect(await b.fails('request', { chainId: 'eip155:1', method: 'eth_accounts' })).toMatchObject({ code: 'NOT_LOGGED_IN' })
    expect(await b.fails('showExport')).toMatchObject({ code: 'NOT_LOGGED_IN' })

    const state = await b.emailLogin('jo@example.com')
    const request = (chainId: unknown, method: unknown, params?: unknown) => b.fails('request', { chainId, method, params })
    expect(await b.fails('request', 'x')).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('nope', 'eth_accounts')).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('eip155:1', 42)).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('cosmos:hub', 'cosmos_signDirect')).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(await request('eip155:1', 'eth_sign')).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(await request('solana:devnet', 'solana_signAllTransactions')).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(await request('eip155:1', 'personal_sign', ['0x68', '0x000000000000000000000000000000000000dEaD'])).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('eip155:1', 'personal_sign', 'hello')).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('eip155:1', 'eth_signTypedData_v4', [state.accounts.eip155, '{not json'])).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('eip155:1', 'eth_signTransaction', [{ from: '0x000000000000000000000000000000000000dEaD', to: state.accounts.eip155 }])).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('eip155:1', 'eth_signTransaction', [{ to: 'nope' }])).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('eip155:1', 'eth_signTransaction', [{ to: state.accounts.eip155, value: 'lots' }])).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('eip155:1', 'wallet_switchEthereumChain', [{ chainId: 10 }])).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('solana:devnet', 'solana_signMessage', { message: '0OIl', pubkey: state.accounts.solana })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('solana:devnet', 'solana_signMessage', { message: 'abc', pubkey: '11111111111111111111111111111111' })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await request('solana:devnet', 'solana_signTransaction', { transaction: 'AAAA' })).toMatchObject({ code: 'INVALID_PARAMS' })
    // Still logged in and answering after all that.
    expect(await b.ok('request', { chainId: 'eip155:1', method: 'eth_accounts' })).toEqual([state.accounts.eip155])
  })

  it('answers SERVER_ERROR without details when the server cannot be reached', async () => {
    const handler = createFrameHandler({ config, frameOrigin, storage: memoryStorage(), fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch })
    expect(await handler.handle({ id: 1, method: 'emailStart', params: { email: 'a@example.com' } })).toEqual({ id: 1, error: { code: 'SERVER_ERROR', message: 'The wallet server cannot be reached' } })
  })
})

describe('the frame handler: signing', () => {
  async function loggedIn() {
    const server = fakeAuthServer()
    const b = browser(server)
    const state = await b.emailLogin('sig@example.com')
    return { server, b, accounts: state.accounts as { eip155: Hex; solana: string } }
  }

  it('answers eth_accounts, eth_chainId and wallet_switchEthereumChain', async () => {
    const { b, accounts } = await loggedIn()
    expect(await b.ok('request', { chainId: 'eip155:31337', method: 'eth_accounts' })).toEqual([accounts.eip155])
    expect(await b.ok('request', { chainId: 'eip155:31337', method: 'eth_chainId' })).toBe('0x7a69')
    expect(await b.ok('request', { chainId: 'eip155:31337', method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })).toBeNull()
    expect(await b.ok('request', { chainId: 'eip155:10', method: 'eth_chainId' })).toBe('0xa')
  })

  it("tells the site the screen's content height while it shows, and again when it changes", async () => {
    const server = fakeAuthServer()
    let onHeight: (height: number) => void = () => undefined
    let release: () => void = () => undefined
    const approver: Approver = (prompt) => ({
      decision: new Promise((resolve) => {
        release = () => resolve({ approved: true, requestId: prompt.requestId, payloadHash: prompt.payloadHash })
      }),
      close: () => undefined,
    })
    const handler = createFrameHandler({ config, frameOrigin, fetch: server.fetch as typeof fetch, storage: memoryStorage(), approver, watchScreenHeight: (callback) => void (onHeight = callback) })
    const events: FrameEvent[] = []
    handler.connect(site, (event) => events.push(event))
    await handler.handle({ id: 1, method: 'emailStart', params: { email: 'tall@example.com' } })
    const login = (await handler.handle({ id: 2, method: 'emailVerify', params: { code: server.sentCodes.at(-1) } })) as { result: { accounts: { eip155: Hex } } }
    const approvals = () => events.filter((e) => e.event === 'approval').map((e) => (e as { data: unknown }).data)
    onHeight(300) // no screen: nothing to tell
    expect(approvals()).toEqual([])
    const answer = handler.handle({ id: 3, method: 'request', params: { chainId: 'eip155:1', method: 'personal_sign', params: ['0x48656c6c6f', login.result.accounts.eip155] } })
    await expect.poll(() => approvals()).toEqual([{ pending: true, kind: 'message', height: 300 }])
    onHeight(512)
    onHeight(512)
    expect(approvals().at(-1)).toEqual({ pending: true, kind: 'message', height: 512 })
    expect(approvals()).toHaveLength(2)
    release()
    expect(await answer).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
    expect(approvals().at(-1)).toEqual({ pending: false })
    onHeight(600) // the screen went: nothing to tell
    expect(approvals()).toHaveLength(3)
    // The next screen goes with the height reported after the last one went, never an older one.
    const second = handler.handle({ id: 4, method: 'request', params: { chainId: 'eip155:1', method: 'personal_sign', params: ['0x4869', login.result.accounts.eip155] } })
    await expect.poll(() => approvals()).toHaveLength(4)
    expect(approvals().at(-1)).toEqual({ pending: true, kind: 'message', height: 600 })
    release()
    await second
    const third = handler.handle({ id: 5, method: 'request', params: { chainId: 'eip155:1', method: 'personal_sign', params: ['0x4869', login.result.accounts.eip155] } })
    await expect.poll(() => approvals()).toHaveLength(6)
    expect(approvals().at(-1)).toEqual({ pending: true, kind: 'message' })
    release()
    await third
  })

  it('personal_sign (hex and text, either order) and eth_signTypedData_v4 verify with viem', async () => {
    const { b, accounts } = await loggedIn()
    const hex = await b.ok('request', { chainId: 'eip155:1', method: 'personal_sign', params: ['0x48656c6c6f', accounts.eip155] })
    expect(await verifyMessage({ address: accounts.eip155, message: 'Hello', signature: hex })).toBe(true)
    const text = await b.ok('request', { chainId: 'eip155:1', method: 'personal_sign', params: [accounts.eip155, 'Sign in to example.com'] })
    expect(await verifyMessage({ address: accounts.eip155, message: 'Sign in to example.com', signature: text })).toBe(true)
    expect(await verifyMessage({ address: accounts.eip155, message: 'Sign in to evil.com', signature: text })).toBe(false)

    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', contents: 'Hello, Bob!' },
    } as const
    const signature = await b.ok('request', { chainId: 'eip155:1', method: 'eth_signTypedData_v4', params: [accounts.eip155, JSON.stringify(typed)] })
    const { EIP712Domain: _d, ...types } = typed.types
    expect(await verifyTypedData({ ...typed, types, address: accounts.eip155, signature })).toBe(true)
  })

  it('eth_signTransaction signs a complete transaction as given, parsed back to the same fields and signer', async () => {
    const { b, server, accounts } = await loggedIn()
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const serialized = await b.ok('request', {
      chainId: 'eip155:31337',
      method: 'eth_signTransaction',
      params: [{ from: accounts.eip155, to, value: '0xde0b6b3a7640000', gas: '0x5208', nonce: '0x0', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00', data: '0x' }],
    })
    const tx = parseTransaction(serialized)
    expect(tx).toMatchObject({ type: 'eip1559', chainId: 31337, to: to.toLowerCase(), value: 10n ** 18n, gas: 21000n, nonce: 0, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
    expect(await recoverTransactionAddress({ serializedTransaction: serialized })).toBe(accounts.eip155)
    expect(server.rpc).toEqual([])
  })

  it('eth_sendTransaction fills nonce, gas and fees through the RPC proxy, signs and broadcasts', async () => {
    const { b, server, accounts } = await loggedIn()
    const hash = await b.ok('request', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: accounts.eip155, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }] })
    expect(hash).toBe(`0x${'ab'.repeat(32)}`)
    const sent = server.rpc.find((r) => r.method === 'eth_sendRawTransaction')!.params[0] as Hex
    const tx = parseTransaction(sent)
    expect(tx).toMatchObject({ chainId: 31337, nonce: 5, gas: 21000n, value: 1n })
    expect(tx.maxFeePerGas).toBeGreaterThan(0n)
    expect(await recoverTransactionAddress({ serializedTransaction: sent as Parameters<typeof recoverTransactionAddress>[0]['serializedTransaction'] })).toBe(accounts.eip155)
  })

  it('solana_signMessage answers a base58 signature that verifies against the account', async () => {
    const { b, accounts } = await loggedIn()
    const message = new TextEncoder().encode('Sign in to example.com')
    const { signature } = await b.ok('request', { chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', method: 'solana_signMessage', params: { message: base58.encode(message), pubkey: accounts.solana } })
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(accounts.solana))).toBe(true)
  })

  it('solana_signTransaction signs the message in the account\'s slot (base64 and base58); signAndSend broadcasts', async () => {
    const { b, server, accounts } = await loggedIn()
    const payer = base58.decode(accounts.solana)
    const program = new Uint8Array(32) // the system program
    const blockhash = new Uint8Array(32).fill(9)
    // A legacy transfer-shaped transaction: 1 signature slot, header [1, 0, 1], keys [payer, program].
    const message = Uint8Array.from([1, 0, 1, 2, ...payer, ...program, ...blockhash, 1, 1, 1, 0, 0])
    const unsigned = Uint8Array.from([1, ...new Uint8Array(64), ...message])
    const chainId = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

    const signed = await b.ok('request', { chainId, method: 'solana_signTransaction', params: { transaction: base64.encode(unsigned) } })
    const bytes = base64.decode(signed.transaction)
    expect(bytes.slice(65)).toEqual(message)
    expect(base58.encode(bytes.slice(1, 65))).toBe(signed.signature)
    expect(ed25519.verify(bytes.slice(1, 65), message, payer)).toBe(true)

    const viaBase58 = await b.ok('request', { chainId, method: 'solana_signTransaction', params: { transaction: base58.encode(unsigned) } })
    expect(viaBase58.signature).toBe(signed.signature)
    expect(base58.decode(viaBase58.transaction)).toEqual(bytes)

    // A v0 message whose signer is someone else is refused.
    const other = Uint8Array.from([1, ...new Uint8Array(64), 0x80, 1, 0, 1, 2, ...new Uint8Array(32).fill(5), ...program, ...blockhash, 0, 0])
    expect(await b.fails('request', { chainId, method: 'solana_signTransaction', params: { transaction: base64.encode(other) } })).toMatchObject({ code: 'INVALID_PARAMS' })

    const sent = await b.ok('request', { chainId, method: 'solana_signAndSendTransaction', params: { transaction: base64.encode(unsigned), sendOptions: { skipPreflight: true } } })
    expect(sent).toEqual({ signature: 'solanaSignatureFromTheNode' })
    const call = server.rpc.find((r) => r.method === 'sendTransaction')!
    expect(call.params).toEqual([base64.encode(bytes), { skipPreflight: true, encoding: 'base64' }])
  })
})

describe('the frame handler: the smart account', () => {
  const smart = '0x1111111111111111111111111111111111111111'
  const factory = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'
  const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
  const withSmartAccount = readFrameConfig({
    ...config,
    chains: [
      { caipNetworkId: 'eip155:31337', name: 'Portico Devnet A', nativeCurrency: { symbol: 'ETH', decimals: 18 }, smartAccount: { factory: factory.toLowerCase(), entryPoint } },
      { caipNetworkId: 'eip155:31338', name: 'Portico Devnet B', nativeCurrency: { symbol: 'ETH', decimals: 18 } },
    ],
  })

  async function loggedIn() {
    const server = fakeAuthServer({ smartAccount: smart })
    const b = browser(server, memoryStorage(), undefined, withSmartAccount)
    const state = await b.emailLogin('smart@example.com')
    return { server, b, accounts: state.accounts as { eip155: Hex; solana: string; eip155SmartAccount?: Hex } }
  }

  it('reads the frame configuration\'s smart account (checksummed) and drops a malformed one', () => {
    expect(withSmartAccount.chains?.[0]?.smartAccount).toEqual({ factory, entryPoint })
    expect(withSmartAccount.chains?.[1]?.smartAccount).toBeUndefined()
    const bad = readFrameConfig({ ...config, chains: [{ caipNetworkId: 'eip155:1', name: 'One', nativeCurrency: { symbol: 'ETH', decimals: 18 }, smartAccount: { factory: 'nope', entryPoint } }] })
    expect(bad.chains?.[0]?.smartAccount).toBeUndefined()
  })

  it('asks the factory for the EOA\'s smart account at login (getAddress(owner, 0) through the RPC proxy) and lists both', async () => {
    const { b, server, accounts } = await loggedIn()
    expect(accounts.eip155SmartAccount).toBe(smart)
    const call = server.rpc.find((r) => r.method === 'eth_call')!.params[0] as { to: string; data: string }
    expect(call.to.toLowerCase()).toBe(factory.toLowerCase())
    // getAddress(address,uint256) with the EOA and salt 0.
    expect(call.data).toBe(`0x8cb84e18${accounts.eip155.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(64)}`)
    expect(await b.ok('request', { chainId: 'eip155:31337', method: 'eth_accounts' })).toEqual([accounts.eip155, smart])
  })

  it('keeps the EOA alone when the server names no smart account, or the factory cannot be read', async () => {
    const plain = browser(fakeAuthServer({ smartAccount: smart }))
    expect((await plain.emailLogin('plain@example.com')).accounts.eip155SmartAccount).toBeUndefined()
    const unreadable = browser(fakeAuthServer(), memoryStorage(), undefined, withSmartAccount)
    const state = await unreadable.emailLogin('unreadable@example.com')
    expect(state.accounts.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(state.accounts.eip155SmartAccount).toBeUndefined()
  })

  it('refuses to sign a message or typed data as the smart account (SimpleAccount has no ERC-1271) and to sign a raw transaction, before asking the visitor', async () => {
    const { b } = await loggedIn()
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'personal_sign', params: ['0x48656c6c6f', smart] })).toMatchObject({ code: 'UNSUPPORTED_METHOD', message: expect.stringContaining('ERC-1271') })
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'eth_signTypedData_v4', params: [smart, '{}'] })).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'eth_signTransaction', params: [{ from: smart, to: smart, value: '0x1' }] })).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(b.prompts).toEqual([])
  })

  it('sends from the smart account only where the server has its bundler; a bundler that fails answers SERVER_ERROR and nothing is broadcast', async () => {
    const { b, server } = await loggedIn()
    const tx = { from: smart, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000' }
    expect(await b.fails('request', { chainId: 'eip155:31338', method: 'eth_sendTransaction', params: [tx] })).toMatchObject({ code: 'UNSUPPORTED_METHOD', message: expect.stringContaining('no bundler on eip155:31338') })
    const failed = await b.fails('request', { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [tx] })
    expect(failed).toMatchObject({ code: 'SERVER_ERROR', message: expect.stringContaining('The user operation was not accepted') })
    // The visitor saw it as the smart account's user operation, with the call decoded.
    const model = b.prompts.at(-1)!.model
    expect(model.title).toBe('Send 0.01 ETH')
    expect(model.rows).toContainEqual({ label: 'From', value: `Smart account ${smart}`, mono: true })
    expect(model.rows).toContainEqual({ label: 'Recipient', value: tx.to, mono: true })
    expect(model.rows.find((r) => r.label === 'Estimated fee')?.value).toMatch(/^unknown \(the bundler did not estimate it/)
    expect(server.rpc.some((r) => r.method === 'eth_sendRawTransaction')).toBe(false)
  })

  it('wallet_sendCalls: only the smart account sends a batch; the screen lists each call; a capability it lacks is refused unless optional', async () => {
    const { b, accounts } = await loggedIn()
    const pusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const transfer = `0xa9059cbb000000000000000000000000${to.slice(2).toLowerCase()}${(2_500_000n).toString(16).padStart(64, '0')}`
    const batch = (extra: Record<string, unknown> = {}) => [{ version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls: [{ to, value: '0x2386f26fc10000' }, { to: pusd, data: transfer }, { to: pusd, data: '0xdeadbeef' }], ...extra }]
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_sendCalls', params: batch({ from: accounts.eip155 }) })).toMatchObject({ code: 'UNSUPPORTED_METHOD' })
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_sendCalls', params: batch({ capabilities: { paymasterService: { url: 'http://127.0.0.1:9' } } }) })).toMatchObject({ code: 'UNSUPPORTED_METHOD', message: expect.stringContaining('paymasterService') })
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_sendCalls', params: batch({ chainId: '0x1' }) })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_sendCalls', params: batch({ calls: [] }) })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(b.prompts).toEqual([])
    // An optional capability is ignored; the visitor sees every call, then the fake bundler refuses.
    const failed = await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_sendCalls', params: batch({ capabilities: { paymasterService: { url: 'http://127.0.0.1:9', optional: true } } }) })
    expect(failed).toMatchObject({ code: 'SERVER_ERROR', message: expect.stringContaining('The user operation was not accepted') })
    const model = b.prompts.at(-1)!.model
    expect(model.title).toBe('Send 3 calls')
    expect(model.rows.filter((r) => r.label.startsWith('Call ')).map((r) => r.value)).toEqual([
      `Send 0.01 ETH to ${to}`,
      `Call contract ${pusd} (function 0xa9059cbb, 68 bytes)`,
      `Call contract ${pusd} (function 0xdeadbeef, 4 bytes)`,
    ])
    expect(model.warning).toMatch(/cannot decode what 2 calls of this batch do/)
  })

  it('wallet_getCapabilities: the smart account batches atomically where the server has its bundler, the EOA nowhere; bad params are refused', async () => {
    const { b, accounts } = await loggedIn()
    const smartAccount = accounts.eip155SmartAccount!
    expect(await b.ok('request', { chainId: 'eip155:31337', method: 'wallet_getCapabilities', params: [smartAccount] })).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    expect(await b.ok('request', { chainId: 'eip155:31337', method: 'wallet_getCapabilities', params: [smartAccount.toLowerCase(), ['0x7a69', '0x7A6A', '0x1']] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
      '0x1': { atomic: { status: 'unsupported' } },
    })
    expect(await b.ok('request', { chainId: 'eip155:31337', method: 'wallet_getCapabilities', params: [accounts.eip155] })).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    for (const params of [[], ['0x2222222222222222222222222222222222222222'], [smartAccount, ['31337']], [smartAccount, '0x7a69'], [smartAccount, ['0x0']]]) {
      expect(await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_getCapabilities', params }), JSON.stringify(params)).toMatchObject({ code: 'INVALID_PARAMS' })
    }
  })

  it('wallet_getCallsStatus asks the bundler route about the batch id', async () => {
    const { b } = await loggedIn()
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_getCallsStatus', params: ['nope'] })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await b.fails('request', { chainId: 'eip155:31337', method: 'wallet_getCallsStatus', params: [`0x${'ab'.repeat(32)}`] })).toMatchObject({ code: 'SERVER_ERROR', message: expect.stringContaining('The bundler did not say') })
  })
})
