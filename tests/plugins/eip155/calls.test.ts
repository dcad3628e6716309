// EIP-5792 and smart accounts for EVM wallets against a real anvil, with the eip155 and calls
// plugins (the calls plugin's taps reach the wallet through eip155's request tap, the chain through
// its rpcRequest tap): account types from wallet_getCapabilities, deployment from eth_getCode, the
// v2 request shapes, strict checks of the wallet's answers, the sequential fallback followed
// through the chain's receipts, and without the calls plugin no account-type question at all. The
// wallet is a small EIP-1193 stand-in whose transactions go to anvil (its dev accounts are unlocked).
import '../../helpers/eip155Loaded.js'
import '../../helpers/callsLoaded.js'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { calls } from '../../../plugins/calls/index.js'
import { InvalidWalletAnswerError } from '../../../plugins/calls/errors.js'
import { defineNetwork, eip155, type Eip155Window } from '../../../plugins/eip155/index.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

const devAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const smartAddress = '0x1234567890AbcdEF1234567890aBcdef12345678'
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let anvil: Anvil
let devnet: ReturnType<typeof defineNetwork>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  devnet = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [anvil.rpcUrl] })
})
afterAll(async () => {
  await anvil?.stop()
})

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
  return body.result
}

type Handler = (params: unknown) => unknown
function page(accounts: string[], handlers: Record<string, Handler> = {}) {
  const asked: { method: string; params?: unknown }[] = []
  const listeners = new Map<string, (...args: unknown[]) => void>()
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      asked.push({ method, params })
      const handler = handlers[method]
      if (handler) return handler(params)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return accounts
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'eth_sendTransaction') return rpc(method, params as unknown[])
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    },
    on: (event: string, fn: (...args: unknown[]) => void) => void listeners.set(event, fn),
    removeListener: (event: string) => void listeners.delete(event),
  }
  const target = new EventTarget() as Eip155Window
  const info = { uuid: '00000000-0000-4000-8000-000000005792', name: 'Batch Wallet', icon: '', rdns: 'test.batch.wallet' }
  target.addEventListener('eip6963:requestProvider', () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } })))
  return { target, asked, emit: (event: string, ...args: unknown[]) => listeners.get(event)?.(...args) }
}

async function connect(target: Eip155Window, { withCalls = true } = {}): Promise<Portico> {
  const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155({}, { window: target }), ...(withCalls ? [calls()] : [])], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' }, enableReconnect: false })
  await portico.discoverWallets('eip155')
  await portico.connect({ connectorId: 'test.batch.wallet', namespace: 'eip155' })
  return portico
}

async function until(check: () => boolean, ms = 5_000) {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

const capabilitiesOf: Handler = (params) => {
  const [address] = params as [string]
  if (address.toLowerCase() === smartAddress.toLowerCase()) return { '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } }
  return { '0x7a69': { atomic: { status: 'ready' } } }
}

describe('eip155: account type and deployment', () => {
  it('learns the smart account from wallet_getCapabilities (an upgradable EOA stays eoa) and its deployment from eth_getCode', async () => {
    const { target } = page([smartAddress, devAddress], { wallet_getCapabilities: capabilitiesOf })
    const portico = await connect(target)
    expect(portico.stores.connections.get('eip155').accounts).toEqual([
      { address: smartAddress, type: 'smartAccount' },
      { address: devAddress, type: 'eoa' },
    ])
    await until(() => portico.getAccount().smartAccountDeployed === false)
    expect(portico.getAccount().preferredAccountType).toBe('smartAccount')
    // It gets code on chain (as with its first user operation); switching away and back reads it again.
    await rpc('anvil_setCode', [smartAddress, '0x6080604052'])
    await portico.switchAccountType('eoa')
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    expect(portico.getAccount().smartAccountDeployed).toBeUndefined()
    await portico.switchAccountType('smartAccount')
    await until(() => portico.getAccount().smartAccountDeployed === true)
    await portico.destroy()
  })

  it('a wallet without wallet_getCapabilities, or with a hostile answer, connects with eoa accounts', async () => {
    for (const answer of [undefined, 'garbage', [], { nope: {} }, { '0x7a69': 5 }]) {
      const { target } = page([devAddress], answer === undefined ? {} : { wallet_getCapabilities: () => answer })
      const portico = await connect(target)
      expect(portico.stores.connections.get('eip155').accounts, JSON.stringify(answer)).toEqual([{ address: devAddress, type: 'eoa' }])
      await until(() => portico.getAccount().preferredAccountType === 'eoa')
      if (answer !== undefined) await expect(portico.getCapabilities(), JSON.stringify(answer)).rejects.toBeInstanceOf(InvalidWalletAnswerError)
      await portico.destroy()
    }
  })

  it('without portico/calls the wallet is asked no wallet_getCapabilities: its accounts carry no type (eoa) and no deployment is read', async () => {
    const { target, asked, emit } = page([smartAddress, devAddress], { wallet_getCapabilities: capabilitiesOf })
    const portico = await connect(target, { withCalls: false })
    expect(portico.stores.connections.get('eip155').accounts).toEqual([{ address: smartAddress }, { address: devAddress }])
    await until(() => portico.getAccount().preferredAccountType === 'eoa')
    emit('accountsChanged', [devAddress, smartAddress])
    await until(() => portico.getAccount().address === devAddress)
    expect(asked.filter((a) => a.method === 'wallet_getCapabilities')).toEqual([])
    expect(portico.getAccount().smartAccountDeployed).toBeUndefined()
    await portico.destroy()
  })

  it('types the accounts of an accountsChanged event before reporting them', async () => {
    const { target, emit } = page([devAddress], { wallet_getCapabilities: capabilitiesOf })
    const portico = await connect(target)
    emit('accountsChanged', [smartAddress, devAddress])
    await until(() => portico.getAccount().address === smartAddress)
    expect(portico.stores.connections.get('eip155').accounts[0]).toEqual({ address: smartAddress, type: 'smartAccount' })
    await portico.destroy()
  })
})

describe('eip155: EIP-5792 requests', () => {
  it('sends wallet_getCapabilities and wallet_sendCalls in the v2 shapes and keys answers by CAIP-2', async () => {
    let sendParams: unknown
    const { target, asked } = page([devAddress], {
      wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } }, '0x1': { atomic: { status: 'unsupported' } } }),
      wallet_sendCalls: (params) => ((sendParams = params), { id: `0x${'12'.repeat(32)}` }),
      wallet_showCallsStatus: () => null,
    })
    const portico = await connect(target)
    expect(await portico.getCapabilities()).toEqual({ 'eip155:31337': { atomic: { status: 'supported' } }, 'eip155:1': { atomic: { status: 'unsupported' } } })
    expect(await portico.getCapabilities({ caipNetworkIds: ['eip155:31337'] })).toEqual({ 'eip155:31337': { atomic: { status: 'supported' } } })
    expect(asked.filter((a) => a.method === 'wallet_getCapabilities').at(-1)?.params).toEqual([devAddress, ['0x7a69']])
    const capabilities = { paymasterService: { url: 'http://127.0.0.1:9/sandbox/paymaster/eip155:31337' } }
    const { id } = await portico.sendCalls({ calls: [{ to: receiver, value: '5' }, { to: receiver, data: '0xabcd' }], atomicRequired: true, capabilities, id: 'site-1' })
    expect(id).toBe(`0x${'12'.repeat(32)}`)
    expect(sendParams).toEqual([{ version: '2.0.0', id: 'site-1', chainId: '0x7a69', from: devAddress, atomicRequired: true, calls: [{ to: receiver, value: '0x5' }, { to: receiver, data: '0xabcd' }], capabilities }])
    await portico.showCallsStatus(id)
    expect(asked.filter((a) => a.method === 'wallet_showCallsStatus').map((a) => a.params)).toEqual([[id]])
    await portico.destroy()
  })

  it("refuses the wallet's malformed answers to wallet_sendCalls and wallet_getCallsStatus with a clear error", async () => {
    let sendAnswer: unknown
    let statusAnswer: unknown
    const { target } = page([devAddress], { wallet_sendCalls: () => sendAnswer, wallet_getCallsStatus: () => statusAnswer })
    const portico = await connect(target)
    for (const answer of [undefined, {}, { id: 5 }, { id: '' }, { id: 'sequential:0xab' }, ['x']]) {
      sendAnswer = answer
      await expect(portico.sendCalls({ calls: [{ to: receiver }] }), JSON.stringify(answer)).rejects.toBeInstanceOf(InvalidWalletAnswerError)
    }
    const good = { version: '2.0.0', id: 'b', chainId: '0x7a69', atomic: true, status: 200, receipts: [] }
    for (const answer of [null, 'ok', { ...good, status: '200' }, { ...good, status: 999 }, { ...good, chainId: 'mainnet' }, { ...good, receipts: 'x' }, { ...good, receipts: [{ status: '0x1', blockNumber: '0x1', gasUsed: '0x1' }] }, { ...good, receipts: [{ transactionHash: `0x${'ab'.repeat(32)}`, status: 'maybe', blockNumber: '0x1', gasUsed: '0x1' }] }]) {
      statusAnswer = answer
      await expect(portico.getCallsStatus('b'), JSON.stringify(answer)).rejects.toBeInstanceOf(InvalidWalletAnswerError)
    }
    statusAnswer = { ...good, status: 600 }
    expect(await portico.getCallsStatus('b')).toMatchObject({ status: 'partial', statusCode: 600 })
    await portico.destroy()
  })
})

describe('eip155: the sequential fallback on a real chain', () => {
  it('sends each call as its own transaction when the wallet lacks wallet_sendCalls, and reads the status from the receipts', async () => {
    const { target, asked } = page([devAddress])
    const portico = await connect(target)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getBalance({ address: receiver })
    const { id } = await portico.sendCalls({ calls: [{ to: receiver, value: '1000' }, { to: receiver, value: '2000' }], fallback: 'sequential' })
    expect(id).toMatch(/^sequential:0x[0-9a-f]{64},0x[0-9a-f]{64}$/)
    expect(asked.filter((a) => a.method === 'eth_sendTransaction')).toHaveLength(2)
    const status = await portico.waitForCallsStatus(id, { intervalMs: 100, timeoutMs: 20_000 })
    expect(status).toMatchObject({ id, caipNetworkId: 'eip155:31337', status: 'success', statusCode: 200, atomic: false })
    expect(status.receipts.map((r) => r.transactionHash)).toEqual(id.slice('sequential:'.length).split(','))
    expect(status.receipts.every((r) => r.status === 'success' && Number(r.blockNumber) > 0 && r.gasUsed === '21000')).toBe(true)
    expect((await client.getBalance({ address: receiver })) - before).toBe(3000n)
    // An id of a transaction the chain never saw stays pending; a malformed one is refused.
    expect((await portico.getCallsStatus(`sequential:0x${'99'.repeat(32)}`)).status).toBe('pending')
    await expect(portico.getCallsStatus('sequential:nope')).rejects.toThrow(/A sequential batch id/)
    await expect(portico.sendCalls({ calls: [{ to: receiver, value: '1' }], fallback: 'sequential', atomicRequired: true })).rejects.toMatchObject({ code: -32601 })
    await portico.destroy()
  })
})
