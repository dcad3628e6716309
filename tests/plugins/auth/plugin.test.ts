import '../../helpers/eip155Loaded.js'
import '../../helpers/solanaLoaded.js'
import '../../helpers/authLoaded.js'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { hexToString, recoverMessageAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectFailedError, createPorticoKernel, definePlugin, ProviderRpcError, storageKeys, type Network, type Portico } from '../../../kernel/kernel.js'
import { auth, authConnectorId, type AuthStore } from '../../../plugins/auth/index.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../plugins/solana/index.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage, network } from '../../kernel/helpers/testKit.js'
import { fakeOpenFrame, FrameFailure, walletOrigin, type FakeHandlers } from './helpers/fakeFrame.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const solanaKey = ed25519.utils.randomPrivateKey()
const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey))
const devnetA: Network = defineNetwork({ id: 31337, name: 'A', rpcUrls: ['http://127.0.0.1:9'] })
const devnetB: Network = defineNetwork({ id: 31338, name: 'B', rpcUrls: ['http://127.0.0.1:9'] })

const sentTransactions: Uint8Array[] = []

/** A Solana RPC for planning a transfer (balance, recipient, blockhash), answered in the test. */
const solanaRpc: typeof fetch = async (_url, init) => {
  const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string }
  const results: Record<string, unknown> = {
    getAccountInfo: { value: { lamports: 1, owner: '11111111111111111111111111111111', data: ['', 'base64'] } },
    getBalance: { value: 5_000_000_000 },
    getLatestBlockhash: { value: { blockhash: base58.encode(new Uint8Array(32).fill(7)) } },
    getFeeForMessage: { value: 5000 },
  }
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: results[method] ?? null }), { headers: { 'content-type': 'application/json' } })
}

const user = { id: 'email:alice@example.com', provider: 'email', email: 'alice.with.a.rather.long.address@example.com' }
const state = { user, accounts: { eip155: account.address, solana: solanaAddress } }

/** A frame that logs in by email with code 123456 and signs with real keys. */
function frameHandlers(overrides: FakeHandlers = {}) {
  let session = false
  const handlers: FakeHandlers = {
    status: () => (session ? state : {}),
    emailStart: () => ({ expiresAt: Date.now() + 600_000, resendAfter: Date.now() + 30_000 }),
    emailVerify: ({ code }: { code: string }) => {
      if (code !== '123456') throw new FrameFailure('WRONG_CODE', 'Wrong code', { attemptsLeft: 4 })
      session = true
      return state
    },
    logout: () => {
      session = false
      return null
    },
    request: async ({ method, params }: { chainId: string; method: string; params: any }) => {
      if (method === 'personal_sign') return account.signMessage({ message: { raw: params[0] as Hex } })
      if (method === 'solana_signMessage') return { signature: base58.encode(ed25519.sign(base58.decode(params.message), solanaKey)) }
      if (method === 'wallet_switchEthereumChain') return null
      if (method === 'solana_signAndSendTransaction') {
        // A legacy transaction with one signer: one signature slot, then the message.
        const transaction = base64.decode(params.transaction)
        sentTransactions.push(transaction)
        return { signature: base58.encode(ed25519.sign(transaction.slice(65), solanaKey)) }
      }
      if (method === 'eth_sendTransaction') throw new FrameFailure('USER_REJECTED', 'The visitor declined')
      throw new FrameFailure('UNSUPPORTED_METHOD', method)
    },
    ...overrides,
  }
  return { handlers, login: () => (session = true) }
}

const instances: Portico[] = []
const frames: ReturnType<typeof fakeOpenFrame>[] = []
afterEach(async () => {
  for (const portico of instances.splice(0)) await portico.destroy()
  for (const frame of frames.splice(0)) frame.closeAll()
})

function make({ storage = memoryStorage(), handlers = frameHandlers().handlers, networks = [devnetA, devnetB, solanaLocalnet] as Network[], defaultAccountTypes = undefined as Record<string, 'eoa' | 'smartAccount'> | undefined } = {}) {
  const frame = fakeOpenFrame(handlers)
  frames.push(frame)
  const portico = createPorticoKernel({
    projectId: 'test',
    networks,
    plugins: [eip155({}, { window: null }), solana({ confirmTimeoutMs: 0 }, { fetch: solanaRpc }), auth({ walletOrigin }, { openFrame: frame.openFrame, messages: { addEventListener: () => undefined, removeEventListener: () => undefined } })],
    storage,
    endpoints: { api: 'http://127.0.0.1:9' },
    ...(defaultAccountTypes ? { defaultAccountTypes } : {}),
  })
  instances.push(portico)
  return { portico, frame, storage, store: portico.getStore<AuthStore>('auth') as AuthStore }
}

describe('auth: the plugin contract', () => {
  it('passes the structural plugin checks (taps, declared hooks and views, disposer)', async () => {
    const report = await checkPlugin({ plugin: auth({ walletOrigin }, { openFrame: fakeOpenFrame(frameHandlers().handlers).openFrame }), networks: [devnetA], withPlugins: [eip155({}, { window: null })] })
    expect(report.issues).toEqual([])
  })

  it('refuses a missing or malformed walletOrigin', () => {
    expect(() => createPorticoKernel({ projectId: 't', networks: [devnetA], plugins: [eip155({}, { window: null }), auth({} as never)], storage: null })).toThrow(/walletOrigin is required/)
    expect(() => createPorticoKernel({ projectId: 't', networks: [devnetA], plugins: [eip155({}, { window: null }), auth({ walletOrigin: 'javascript:alert(1)' })], storage: null })).toThrow(/walletOrigin/)
  })
})

describe('auth: connecting through the frame', () => {
  it('loads no frame and sends nothing before the visitor uses email or social', async () => {
    const { portico, frame } = make()
    await portico.ready()
    expect(frame.opened).toHaveLength(0)
    expect(portico.connectMethods.get('email')?.owner).toBe('auth')
    expect(portico.connectMethods.get('social')?.owner).toBe('auth')
    // One AUTH connector per approved namespace, hidden from the wallet list (type AUTH).
    expect(portico.stores.wallets.connectors.filter((c) => c.id === authConnectorId).map((c) => [c.namespace, c.type])).toEqual([
      ['eip155', 'AUTH'],
      ['solana', 'AUTH'],
    ])
  })

  it('an email login connects eip155 and solana with the user, and the chain plugins sign through the channel with real keys', async () => {
    const { portico, frame, store } = make()
    await portico.ready()
    expect(await store.startEmail('alice@example.com')).toBe(true)
    expect(await store.verifyCode('000000')).toBe(false)
    expect(store.error).toMatchObject({ code: 'WRONG_CODE', attemptsLeft: 4 })
    expect(await store.verifyCode('123456')).toBe(true)
    expect(frame.opened).toHaveLength(1)

    const evm = portico.getAccount('eip155')
    const sol = portico.getAccount('solana')
    expect(evm).toMatchObject({ isConnected: true, address: account.address, connectorId: authConnectorId, caipAddress: `eip155:31337:${account.address}` })
    expect(sol).toMatchObject({ isConnected: true, address: solanaAddress, connectorId: authConnectorId })
    expect(portico.stores.accounts.get('eip155').user).toEqual({ provider: 'email', email: user.email })
    expect(portico.stores.accounts.get('eip155').socialProvider).toBeUndefined()

    const signature = await portico.signMessage({ message: 'hello portico', namespace: 'eip155' })
    expect(await recoverMessageAddress({ message: 'hello portico', signature: signature as Hex })).toBe(account.address)
    const solSignature = await portico.signMessage({ message: 'hello solana', namespace: 'solana' })
    expect(ed25519.verify(base58.decode(solSignature), new TextEncoder().encode('hello solana'), base58.decode(solanaAddress))).toBe(true)

    const requests = frame.opened[0]!.calls.filter((c) => c.method === 'request').map((c) => c.params as { chainId: string; method: string; params: unknown })
    expect(requests.map((r) => [r.chainId, r.method])).toEqual([
      ['eip155:31337', 'personal_sign'],
      [solanaLocalnet.caipNetworkId, 'solana_signMessage'],
    ])
    expect(hexToString((requests[0]!.params as [Hex, string])[0])).toBe('hello portico')
  })

  it('the solana plugin sends SOL through the channel (solana_signAndSendTransaction), signed by the wallet', async () => {
    const { portico, store } = make()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    sentTransactions.length = 0
    const to = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    expect(await portico.estimateSendFee({ namespace: 'solana', to, amount: '0.5' })).toEqual({ fee: '0.000005', symbol: 'SOL' })
    const hash = await portico.send({ namespace: 'solana', to, amount: '0.5' })
    expect(sentTransactions).toHaveLength(1)
    const message = sentTransactions[0]!.slice(65)
    expect(ed25519.verify(base58.decode(hash), message, base58.decode(solanaAddress))).toBe(true)
    // The fee payer (first account key of the message) is the embedded wallet's address.
    expect(base58.encode(message.slice(4, 36))).toBe(solanaAddress)
  })

  it('a wallet request the visitor declines in the frame is a user rejection (4001) for the chain plugins', async () => {
    const { portico, store } = make()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    const error = await portico.request({ method: 'eth_sendTransaction', params: [{}], chainId: 'eip155:31337' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect((error as ProviderRpcError).isUserRejection).toBe(true)
    expect(portico.channel('eip155')?.supports('eth_signTypedData_v4', 'eip155:31337')).toBe(true)
    expect(portico.channel('eip155')?.supports('wallet_addEthereumChain', 'eip155:31337')).toBe(false)
  })

  it('switches the eip155 network through the frame', async () => {
    const { portico, frame, store } = make()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    await portico.switchNetwork('eip155:31338')
    expect(portico.getAccount('eip155').caipAddress).toBe(`eip155:31338:${account.address}`)
    const switched = frame.opened[0]!.calls.find((c) => (c.params as { method?: string })?.method === 'wallet_switchEthereumChain')
    expect(switched?.params).toMatchObject({ chainId: 'eip155:31337', params: [{ chainId: '0x7a6a' }] })
  })

  it('hosts the frame\'s approval screen: the modal opens on ApproveTransaction with the frame over it, closes after; closing it cancels (4001)', async () => {
    let release: ((value: unknown) => void) | undefined
    const fake = frameHandlers({
      cancelApproval: () => {
        release?.(new FrameFailure('USER_REJECTED', 'The visitor rejected the request'))
        return null
      },
    })
    const base = fake.handlers.request!
    fake.handlers.request = async (params: { method: string }) => {
      if (params.method !== 'personal_sign') return base(params)
      // The frame: shows its screen, then answers what the visitor (or a cancel) decided.
      frame.opened[0]!.emit({ event: 'approval', data: { pending: true, kind: 'message' } })
      const decided = await new Promise((resolve) => (release = resolve))
      frame.opened[0]!.emit({ event: 'approval', data: { pending: false } })
      if (decided instanceof FrameFailure) throw decided
      return base(params)
    }
    const { portico, frame, store } = make({ handlers: fake.handlers })
    await portico.ready()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    expect(portico.stores.modal.open).toBe(false)

    // Approved: the modal opened for the screen, and closes when the frame's screen goes.
    const signed = portico.signMessage({ message: 'hello', namespace: 'eip155' })
    await vi.waitFor(() => expect(portico.stores.router.view).toBe('ApproveTransaction'))
    expect(portico.stores.modal.open).toBe(true)
    expect(store.approval).toBe('message')
    store.placeFrame({ top: 10, left: 20, width: 360, height: 420 })
    expect(frame.places.at(-1)).toEqual({ top: 10, left: 20, width: 360, height: 420 })
    release!('approve')
    expect(await recoverMessageAddress({ message: 'hello', signature: (await signed) as Hex })).toBe(account.address)
    await vi.waitFor(() => expect(portico.stores.modal.open).toBe(false))
    expect(store.approval).toBeUndefined()
    expect(frame.places.at(-1)).toBeUndefined()

    // Closing the modal while the screen shows is a rejection: cancelApproval, and 4001.
    const closed = portico.signMessage({ message: 'again', namespace: 'eip155' })
    await vi.waitFor(() => expect(store.approval).toBe('message'))
    portico.close()
    await expect(closed).rejects.toMatchObject({ code: 4001 })
    expect(frame.opened[0]!.methods()).toContain('cancelApproval')
  })

  it('disconnecting one namespace logs out of the frame and ends both', async () => {
    const { portico, frame, store } = make()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    await portico.disconnect('solana')
    expect(portico.getAccount('eip155').isConnected).toBe(false)
    expect(portico.getAccount('solana').isConnected).toBe(false)
    expect(frame.opened[0]!.methods().filter((m) => m === 'logout')).toHaveLength(1)
    expect(store.loggedIn).toBe(false)
    expect(portico.stores.accounts.get('eip155').user).toBeUndefined()
  })

  it('restores a stored auth connection on reload from the frame status, without a prompt', async () => {
    const storage = memoryStorage()
    const shared = frameHandlers()
    const first = make({ storage, handlers: shared.handlers })
    await first.store.startEmail('alice@example.com')
    await first.store.verifyCode('123456')
    expect(JSON.parse(storage.data.get(`@portico/${storageKeys.connections}`) as string)).toMatchObject({ eip155: { connectorId: 'AUTH' }, solana: { connectorId: 'AUTH' } })

    const second = make({ storage, handlers: shared.handlers })
    await second.portico.ready()
    expect(second.portico.getAccount('eip155')).toMatchObject({ isConnected: true, address: account.address })
    expect(second.portico.getAccount('solana')).toMatchObject({ isConnected: true, address: solanaAddress })
    // One frame, one status for both namespaces; no login request.
    expect(second.frame.opened).toHaveLength(1)
    expect(second.frame.opened[0]!.methods()).toEqual(['status'])
    expect(second.store.phase).toBe('connected')
  })

  it('drops a stored auth connection quietly when the frame has no session', async () => {
    const storage = memoryStorage({ [`@portico/${storageKeys.connections}`]: JSON.stringify({ eip155: { connectorId: 'AUTH' } }) })
    const { portico, frame } = make({ storage })
    await portico.ready()
    expect(portico.getAccount('eip155').isConnected).toBe(false)
    // The frame was asked (a stored auth connection is the one reason to load it before a click).
    expect(frame.opened[0]?.methods()).toEqual(['status'])
  })

  it('the frame saying the session ended disconnects both namespaces', async () => {
    const { portico, frame, store } = make()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    expect(portico.getAccount('eip155').isConnected).toBe(true)
    frame.opened[0]!.emit({ event: 'stateChanged', data: {} })
    await vi.waitFor(() => {
      expect(portico.getAccount('eip155').isConnected).toBe(false)
      expect(portico.getAccount('solana').isConnected).toBe(false)
    })
  })

  it('connecting AUTH without a session is "Not connected to email or social"', async () => {
    const { portico } = make()
    const error = await portico.connect({ namespace: 'eip155', connectorId: authConnectorId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectFailedError)
    expect(((error as ConnectFailedError).cause as { shortMessage?: string }).shortMessage).toBe('Not connected to email or social')
  })

  it('is only offered on approved namespaces: elsewhere "No auth connector found"', async () => {
    const other = network('bip122', '000000000019d6689c085ae165831e93')
    // A chain plugin that connects only its own wallets.
    const bitcoin = definePlugin({
      name: 'bip122',
      kind: 'chain',
      namespace: 'bip122',
      version: '0.0.0',
      meta: { description: 'A bip122 plugin without wallets.' },
      setup(context) {
        context.hooks.connect.for('bip122').tapPromise('bip122', async () => undefined)
      },
    })
    const frame = fakeOpenFrame(frameHandlers().handlers)
    frames.push(frame)
    const portico = createPorticoKernel({ projectId: 't', networks: [other], plugins: [bitcoin, auth({ walletOrigin }, { openFrame: frame.openFrame })], storage: null, endpoints: { api: 'http://127.0.0.1:9' } })
    instances.push(portico)
    expect(portico.connectMethods.get('email')).toBeUndefined()
    expect(portico.stores.wallets.connectors.some((c) => c.id === authConnectorId)).toBe(false)
    const error = await portico.connect({ namespace: 'bip122', connectorId: authConnectorId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectFailedError)
    expect(((error as ConnectFailedError).cause as { shortMessage?: string }).shortMessage).toBe('No auth connector found')
    expect(frame.opened).toHaveLength(0)
  })
})

describe('auth: the smart account', () => {
  const smart = '0x1111111111111111111111111111111111111111'
  const withSmart = { user, accounts: { eip155: account.address, solana: solanaAddress, eip155SmartAccount: smart } }
  const smartHandlers = () => frameHandlers({ status: () => withSmart, emailVerify: () => withSmart }).handlers

  it('connects on the smart account by default (spec §6: eip155 prefers smartAccount), the EOA shared beside it', async () => {
    const { portico, store } = make({ handlers: smartHandlers() })
    await portico.ready()
    await store.startEmail('alice@example.com')
    expect(await store.verifyCode('123456')).toBe(true)
    expect(portico.getAccount('eip155')).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
    expect(portico.stores.connections.get('eip155').accounts).toEqual([
      { address: smart, type: 'smartAccount' },
      { address: account.address, type: 'eoa' },
    ])
    // Solana has no smart account.
    expect(portico.stores.connections.get('solana').accounts).toEqual([{ address: solanaAddress, type: 'eoa' }])
  })

  it('follows the site\'s defaultAccountTypes, and selecting the other account holds when the frame reports the session again', async () => {
    const { portico, store, frame } = make({ handlers: smartHandlers(), defaultAccountTypes: { eip155: 'eoa' } })
    await portico.ready()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    expect(portico.getAccount('eip155')).toMatchObject({ address: account.address, preferredAccountType: 'eoa' })
    await portico.selectAccount(smart, 'eip155')
    expect(portico.getAccount('eip155')).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
    frame.opened[0]!.emit({ event: 'stateChanged', data: withSmart })
    expect(portico.getAccount('eip155')).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
  })

  it('stays on the EOA alone when the frame has no smart account', async () => {
    const { portico, store } = make()
    await portico.ready()
    await store.startEmail('alice@example.com')
    await store.verifyCode('123456')
    expect(portico.stores.connections.get('eip155').accounts).toEqual([{ address: account.address, type: 'eoa' }])
  })
})
