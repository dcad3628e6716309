// The eip155 plugin against the EVM wallet personas' dialects (sandbox/personas/<wallet>/*Dialect.ts,
// docs/wallets/<wallet>.md): the real dev wallet core speaking MetaMask's, Rabby's and Coinbase
// Wallet's answers, on real anvil chains, through the real kernel.
import '../../helpers/eip155Loaded.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConnectFailedError, ConnectionRejectedError, createPorticoKernel } from '../../../kernel/kernel.js'
import { defineNetwork, eip155, type Eip155Window } from '../../../plugins/eip155/index.js'
import { injectedWalletRdns } from '../../../plugins/eip155/utils/injectedWalletRdns.js'
import { WalletRequestPendingError, toPendingRequestError } from '../../../plugins/eip155/utils/toPendingRequestError.js'
import { createDevWalletProvider } from '../../../sandbox/devWallet/createDevWalletProvider.js'
import type { DevWalletDialect } from '../../../sandbox/devWallet/devWalletDialect.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { devAccount } from '../../../sandbox/devnets/devAccounts.js'
import { coinbaseDialect } from '../../../sandbox/personas/coinbase/coinbaseDialect.js'
import { metamaskDialect } from '../../../sandbox/personas/metamask/metamaskDialect.js'
import { rabbyDialect } from '../../../sandbox/personas/rabby/rabbyDialect.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { walletStorage } from './helpers/setupDevWallet.js'

const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
let anvilA: Anvil
let anvilB: Anvil
let devnetA: ReturnType<typeof defineNetwork>
let devnetB: ReturnType<typeof defineNetwork>

beforeAll(async () => {
  ;[anvilA, anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  devnetA = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvilA.rpcUrl] })
  devnetB = defineNetwork({ id: 31338, name: 'Portico Devnet B', rpcUrls: [anvilB.rpcUrl] })
})
afterAll(async () => {
  await Promise.all([anvilA?.stop(), anvilB?.stop()])
})

const personas: { name: string; rdns: string; flags: Record<string, unknown>; dialect: DevWalletDialect }[] = [
  { name: 'MetaMask', rdns: 'io.metamask', flags: { isMetaMask: true }, dialect: metamaskDialect(() => 'http://127.0.0.1:4700') },
  { name: 'Rabby Wallet', rdns: 'io.rabby', flags: { isRabby: true, isMetaMask: true }, dialect: rabbyDialect },
  { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet', flags: { isCoinbaseWallet: true }, dialect: coinbaseDialect },
]

/** A page with one persona: the dev wallet core in the wallet's dialect, its flags, announced by EIP-6963, knowing only devnet A. */
function pageWith(persona: (typeof personas)[number], { ethereum = 'same' }: { ethereum?: 'same' | 'proxy' | 'none' } = {}) {
  const target = new EventTarget() as Eip155Window
  const wallet = createDevWalletProvider({
    account: devAccount(0),
    chains: [{ chainId: 31337, name: 'Portico Devnet A', rpcUrl: anvilA.rpcUrl, nativeCurrency: currency }],
    storage: walletStorage(),
    dialect: persona.dialect,
  })
  const core = wallet.provider
  const provider = { ...persona.flags, request: core.request, on: core.on, removeListener: core.removeListener }
  const info = Object.freeze({ uuid: `uuid-${persona.rdns}`, name: persona.name, icon, rdns: persona.rdns })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  target.addEventListener('eip6963:requestProvider', announce)
  if (ethereum === 'same') target.ethereum = provider
  if (ethereum === 'proxy') target.ethereum = new Proxy(provider, {})
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [devnetA, devnetB],
    plugins: [eip155({}, { window: target })],
    storage: memoryStorage(),
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  return { target, wallet, provider, portico, announce }
}

describe('injectedWalletRdns: who a plain window.ethereum is, by its flags', () => {
  it('names the wallet by its own flag, and MetaMask only when no other wallet claims it', () => {
    expect(injectedWalletRdns({ isMetaMask: true })).toBe('io.metamask')
    expect(injectedWalletRdns({ isMetaMask: true, isRabby: true })).toBe('io.rabby')
    // Rabby in "MetaMask mode" deletes isRabby but keeps _isRabby.
    expect(injectedWalletRdns({ isMetaMask: true, _isRabby: true })).toBe('io.rabby')
    expect(injectedWalletRdns({ isCoinbaseWallet: true })).toBe('com.coinbase.wallet')
    // An impostor: another wallet's flag beside isMetaMask is not MetaMask, and not a wallet we can name.
    expect(injectedWalletRdns({ isMetaMask: true, isBraveWallet: true })).toBeUndefined()
    expect(injectedWalletRdns({ isMetaMask: true, isConnected: () => true, isMetaMaskFlask: false })).toBe('io.metamask')
    expect(injectedWalletRdns({ request: () => undefined })).toBeUndefined()
  })

  it('a provider whose flags throw is simply not named', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('no') }, ownKeys: () => { throw new Error('no') } })
    expect(injectedWalletRdns(hostile)).toBeUndefined()
    expect(injectedWalletRdns(Object.defineProperty({ isMetaMask: true }, 'isRabby', { get: () => { throw new Error('no') }, enumerable: true }))).toBeUndefined()
  })
})

describe('discovery with the personas', () => {
  for (const persona of personas) {
    it(`${persona.name}: listed once by its EIP-6963 name, also when its window.ethereum is another object of its own`, async () => {
      for (const ethereum of ['same', 'proxy'] as const) {
        const { portico } = pageWith(persona, { ethereum })
        const wallets = await portico.discoverWallets('eip155')
        expect(wallets.map((w) => `${w.name}:${w.type}:${w.id}`), ethereum).toEqual([`${persona.name}:ANNOUNCED:${persona.rdns}`])
        portico.destroy()
      }
    })
  }

  it('a MetaMask impostor at window.ethereum stays "Browser Wallet" beside the real MetaMask', async () => {
    const { target, portico } = pageWith(personas[0]!)
    target.ethereum = { isMetaMask: true, isBraveWallet: true, request: async () => [] }
    expect((await portico.discoverWallets('eip155')).map((w) => w.name)).toEqual(['MetaMask', 'Browser Wallet'])
    portico.destroy()
  })

  it('one provider announced under two identities (Rabby\'s "MetaMask mode") is one wallet, under its first', async () => {
    const { target, provider, portico } = pageWith(personas[1]!)
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'mm-mode', name: 'MetaMask', icon, rdns: 'io.metamask' }, provider } }))
    expect((await portico.discoverWallets('eip155')).map((w) => `${w.name}:${w.id}`)).toEqual(['Rabby Wallet:io.rabby'])
    portico.destroy()
  })
})

describe('connect, switch and disconnect in each dialect', () => {
  for (const persona of personas) {
    it(`${persona.name}: lowercase accounts arrive checksummed; Devnet B is added after 4902 and the wallet moves; disconnect works`, async () => {
      const { portico, wallet } = pageWith(persona)
      const connection = await portico.connect({ namespace: 'eip155', connectorId: persona.rdns })
      expect(connection.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
      // Listening after the plugin did: by the time this hears an event, the plugin has had it.
      const chainChanged: unknown[] = []
      wallet.provider.on('chainChanged', (chainId: unknown) => chainChanged.push(chainId))
      await portico.switchNetwork(devnetB)
      expect(wallet.control.getState().chainId).toBe(31338)
      expect(wallet.control.activity().filter((a) => a.method.startsWith('wallet_')).map((a) => `${a.method}:${a.outcome}`)).toEqual([
        'wallet_switchEthereumChain:failed',
        'wallet_addEthereumChain:approved',
        'wallet_switchEthereumChain:approved',
      ])
      // A late chainChanged (MetaMask's) arrives after the switch answered: the connection stays on B.
      await vi.waitFor(() => expect(chainChanged).toContain('0x7a6a'))
      expect(portico.stores.connections.get('eip155').caipNetworkId).toBe('eip155:31338')
      await portico.disconnect('eip155')
      expect(portico.stores.connections.get('eip155').status).toBe('disconnected')
      portico.destroy()
    })

    it(`${persona.name}: the wallet's own disconnect ends the connection in the page`, async () => {
      const { portico, wallet } = pageWith(persona)
      await portico.connect({ namespace: 'eip155', connectorId: persona.rdns })
      wallet.control.disconnect()
      await expect.poll(() => portico.stores.connections.get('eip155').status).toBe('disconnected')
      portico.destroy()
    })
  }
})

describe('a connection request while another is still open in the wallet', () => {
  for (const persona of personas.filter((p) => p.dialect.pendingConnection() !== 'join')) {
    it(`${persona.name}: the second attempt fails with WalletRequestPendingError (code -32002), not as a rejection, and says what to do`, async () => {
      const { portico, wallet } = pageWith(persona)
      wallet.control.holdConnections(true)
      const first = portico.connect({ namespace: 'eip155', connectorId: persona.rdns })
      await expect.poll(() => wallet.control.hasPendingConnection()).toBe(true)
      const second = await portico.connect({ namespace: 'eip155', connectorId: persona.rdns }).catch((error: unknown) => error)
      expect(second).toBeInstanceOf(ConnectFailedError)
      expect(second).not.toBeInstanceOf(ConnectionRejectedError)
      const cause = (second as ConnectFailedError).cause
      expect(cause).toBeInstanceOf(WalletRequestPendingError)
      expect((cause as WalletRequestPendingError).code).toBe(-32002)
      expect((second as ConnectFailedError).details).toBe(`${persona.name} already shows a connection request from this site: answer it there, then try again.`)
      wallet.control.answerConnection('approve')
      expect((await first).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
      portico.destroy()
    })
  }

  it('Coinbase Wallet joins the second request to the first: both get the one answer', async () => {
    const { portico, wallet } = pageWith(personas[2]!)
    wallet.control.holdConnections(true)
    const requests = [wallet.provider.request({ method: 'eth_requestAccounts' }), wallet.provider.request({ method: 'eth_requestAccounts' })]
    wallet.control.answerConnection('approve')
    expect(await Promise.all(requests)).toEqual([['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'], ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266']])
    portico.destroy()
  })

  it('a rejection of the open request is still a rejection', async () => {
    const { portico, wallet } = pageWith(personas[0]!)
    wallet.control.holdConnections(true)
    const first = portico.connect({ namespace: 'eip155', connectorId: 'io.metamask' }).catch((error: unknown) => error)
    await expect.poll(() => wallet.control.hasPendingConnection()).toBe(true)
    wallet.control.answerConnection('reject')
    expect(await first).toBeInstanceOf(ConnectionRejectedError)
    portico.destroy()
  })

  it('toPendingRequestError leaves every other answer as it is', () => {
    expect(toPendingRequestError({ code: 4001, message: 'User rejected the request.' }, 'Rabby Wallet')).toBeUndefined()
    expect(toPendingRequestError({ code: -32603, message: 'already pending' }, 'X')).toBeUndefined()
    expect(toPendingRequestError('garbage', 'X')).toBeUndefined()
    expect(toPendingRequestError({ code: -32002, message: 42 }, '')?.details).toMatch(/^The wallet already shows/)
  })
})

describe('each dialect\'s own answers', () => {
  it('Coinbase Wallet answers false to adding the chain it is on, and takes personal_sign only as [message, address]', async () => {
    const { wallet } = pageWith(personas[2]!)
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    expect(await wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a69', chainName: 'A', rpcUrls: [anvilA.rpcUrl], nativeCurrency: currency }] })).toBe(false)
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    await expect(wallet.provider.request({ method: 'personal_sign', params: [address, '0x68656c6c6f'] })).rejects.toMatchObject({ code: -32602 })
    expect(await wallet.provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })).toMatch(/^0x[0-9a-f]{130}$/)
    await expect(wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).rejects.toMatchObject({ code: 4200 })
  })

  it('Rabby moves to a chain it knows with no prompt, even in reject mode; MetaMask asks', async () => {
    for (const [persona, outcome] of [[personas[1]!, 'approved'], [personas[0]!, 'rejected']] as const) {
      const { wallet } = pageWith(persona)
      await wallet.provider.request({ method: 'eth_requestAccounts' })
      await wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a6a', chainName: 'B', rpcUrls: [anvilB.rpcUrl], nativeCurrency: currency }] })
      wallet.control.setMode('reject')
      const answer = await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }).then(() => 'approved', (e: { code: number }) => (e.code === 4001 ? 'rejected' : String(e.code)))
      expect(answer, persona.name).toBe(outcome)
    }
  })

  it('each answers an unknown chain with 4902 in its own words', async () => {
    const messages: string[] = []
    for (const persona of personas) {
      const { wallet } = pageWith(persona)
      const error = (await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1234' }] }).catch((e: unknown) => e)) as { code: number; message: string }
      expect(error.code).toBe(4902)
      messages.push(error.message)
    }
    expect(messages).toEqual([
      'Unrecognized chain ID "0x1234". Try adding the chain using wallet_addEthereumChain first.',
      'Unrecognized chain ID "0x1234". Try adding the chain using wallet_switchEthereumChain first.',
      'Unrecognized chain ID.',
    ])
  })
})
