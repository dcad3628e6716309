import '../../helpers/eip155Loaded.js'
import '../../helpers/solanaLoaded.js'
import '../../helpers/ledgerLoaded.js'
import { recoverMessageAddress, type Hex } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BaseError, createPorticoKernel, type Network, type Portico } from '../../../kernel/kernel.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { ledger, ledgerConnectorId, type LedgerControls } from '../../../plugins/ledger/index.js'
import { LedgerAccountNotChosenError } from '../../../plugins/ledger/errors.js'
import { solana } from '../../../plugins/solana/index.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { ethAddress, FakeLedgerTransport, solanaAddress } from './helpers/fakeLedgerTransport.js'

const devnetA: Network = defineNetwork({ id: 31337, name: 'A', rpcUrls: ['http://127.0.0.1:9'] })
const solanaNet: Network = { id: 'local', caipNetworkId: 'solana:local', chainNamespace: 'solana', name: 'Local', nativeCurrency: { name: 'SOL', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/sol'] } } }
const second = "m/44'/60'/1'/0/0"

const instances: Portico[] = []
let transport: FakeLedgerTransport
let opened: boolean[]
beforeEach(() => {
  transport = new FakeLedgerTransport()
  opened = []
  // A browser with WebHID where a Ledger was allowed before (the reconnect checks it without loading Ledger's code).
  vi.stubGlobal('navigator', { hid: { getDevices: async () => [{ vendorId: 0x2c97 }] } })
})
afterEach(async () => {
  vi.unstubAllGlobals()
  for (const portico of instances.splice(0)) await portico.destroy()
})

function make(storage = memoryStorage()) {
  const portico = createPorticoKernel({
    projectId: 'test',
    networks: [devnetA, solanaNet],
    plugins: [
      eip155({}, { window: null }),
      solana({ confirmTimeoutMs: 0 }),
      ledger({}, {
        supported: true,
        openTransport: async (prompt) => {
          opened.push(prompt)
          return transport
        },
      }),
    ],
    storage,
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  instances.push(portico)
  return { portico, storage, controls: portico.getStore<LedgerControls>('ledger') as LedgerControls }
}

describe('ledger: the plugin contract', () => {
  it('passes the structural plugin checks (taps, declared hooks and views, disposer)', async () => {
    const report = await checkPlugin({ plugin: ledger({}, { supported: true }), networks: [devnetA], withPlugins: [eip155({}, { window: null })] })
    expect(report.issues).toEqual([])
  })

  it('refuses bad options', () => {
    expect(() => createPorticoKernel({ projectId: 't', networks: [devnetA], plugins: [eip155({}, { window: null }), ledger({ pageSize: 0 })], storage: null })).toThrow(/pageSize/)
    expect(() => createPorticoKernel({ projectId: 't', networks: [devnetA], plugins: [eip155({}, { window: null }), ledger({ transport: 'bluetooth' as never })], storage: null })).toThrow(/transport/)
  })

  it('offers one Ledger connector per configured namespace, loads nothing and opens no device before it is picked', async () => {
    const { portico } = make()
    await portico.ready()
    await portico.discoverWallets('eip155')
    await portico.discoverWallets('solana')
    expect(portico.stores.wallets.connectors.filter((c) => c.id === ledgerConnectorId).map((c) => [c.namespace, c.type, c.view])).toEqual([
      ['eip155', 'EXTERNAL', 'ConnectingLedger'],
      ['solana', 'EXTERNAL', 'ConnectingLedger'],
    ])
    expect(opened).toEqual([])
    expect(portico.views.get('ConnectingLedger')?.owner).toBe('ledger')
  })
})

describe('ledger: connecting the picked account', () => {
  it('the connect tap answers the account chosen in the view, keeps its path, and the eip155 plugin signs through the channel', async () => {
    const { portico, storage, controls } = make()
    await portico.ready()
    await controls.open()
    expect(opened).toEqual([true])
    expect(await controls.app()).toMatchObject({ name: 'Ethereum' })
    const address = await controls.address('eip155', second)
    expect(address).toBe(ethAddress(second))
    await controls.choose('eip155', second, address)
    expect(portico.getAccount('eip155')).toMatchObject({ isConnected: true, address, connectorId: ledgerConnectorId, caipAddress: `eip155:31337:${address}` })
    expect(JSON.parse(storage.data.get('@portico/ledger:eip155') as string)).toEqual({ path: second, address })
    const signature = await portico.signMessage({ message: 'hello ledger', namespace: 'eip155' })
    expect(await recoverMessageAddress({ message: 'hello ledger', signature: signature as Hex })).toBe(address)
    expect(transport.signed.map((s) => s.ins)).toEqual(['E008'])

    // Disconnecting forgets the path and closes the transport (no namespace uses it any more).
    await portico.disconnect('eip155')
    expect(storage.data.has('@portico/ledger:eip155')).toBe(false)
    expect(transport.closed).toBe(true)
  })

  it('solana connects its own account on the same device', async () => {
    const { portico, controls } = make()
    await portico.ready()
    await controls.open()
    transport.app = 'Solana'
    const path = "m/44'/501'/0'"
    const address = await controls.address('solana', path)
    expect(address).toBe(solanaAddress(path))
    await controls.choose('solana', path, address)
    expect(portico.getAccount('solana')).toMatchObject({ isConnected: true, address, connectorId: ledgerConnectorId })
  })

  it('connect without an account chosen in the view fails with a clear error, and nothing is kept', async () => {
    const { portico, storage } = make()
    await portico.ready()
    const error = await portico.connect({ namespace: 'eip155', connectorId: ledgerConnectorId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as BaseError).walk((e) => e instanceof LedgerAccountNotChosenError)).toBeInstanceOf(LedgerAccountNotChosenError)
    expect(portico.getAccount('eip155').isConnected).toBe(false)
    expect(storage.data.has('@portico/ledger:eip155')).toBe(false)
  })
})

describe('ledger: reconnecting from storage', () => {
  const kept = (value: string) => memoryStorage({ '@portico/connections': JSON.stringify({ eip155: { connectorId: 'ledger' } }), '@portico/ledger:eip155': value })

  it('restores a kept account from an allowed device without a prompt', async () => {
    const address = ethAddress(second)
    const { portico } = make(kept(JSON.stringify({ path: second, address })))
    await portico.ready()
    expect(portico.getAccount('eip155')).toMatchObject({ isConnected: true, address, connectorId: ledgerConnectorId })
    expect(opened).toEqual([false])
  })

  it('with the transport open (the multi-wallet switch), reconnect answers after one address read and never prompts', async () => {
    const { portico, controls } = make()
    await portico.ready()
    await controls.open()
    const address = await controls.address('eip155', second)
    await controls.choose('eip155', second, address)
    const before = transport.apdus.length
    const result = await portico.hooks.reconnect.for('eip155').promise({ namespace: 'eip155', connectorId: ledgerConnectorId })
    expect(result).toMatchObject({ connectorId: ledgerConnectorId, accounts: [{ address }] })
    expect(transport.apdus.slice(before).map((apdu) => apdu.slice(0, 4))).toEqual(['e002'])
    expect(opened).toEqual([true])
  })

  it('corrupted or foreign storage gives no connection and no throw', async () => {
    const corrupt = [
      '{not json',
      JSON.stringify({ path: second, address: ethAddress("m/44'/60'/0'/0/0") }), // another account than the path's
      JSON.stringify({ path: "m/44'/60'/{i}'/0/0", address: ethAddress(second) }), // a template, not a path
      JSON.stringify({ path: "m/44'/60'/x", address: ethAddress(second) }),
      JSON.stringify({ path: second, address: 'not an address' }),
      JSON.stringify({ path: second }),
      JSON.stringify(['m/0']),
      'null',
    ]
    for (const value of corrupt) {
      transport = new FakeLedgerTransport()
      const { portico } = make(kept(value))
      await expect(portico.ready()).resolves.toBeUndefined()
      expect(portico.getAccount('eip155').isConnected, value).toBe(false)
    }
  })

  it('no allowed device: no answer, and Ledger code is not loaded to find out', async () => {
    vi.stubGlobal('navigator', { hid: { getDevices: async () => [] } })
    const { portico } = make(kept(JSON.stringify({ path: second, address: ethAddress(second) })))
    await portico.ready()
    expect(portico.getAccount('eip155').isConnected).toBe(false)
    expect(opened).toEqual([])
  })

  it('the device on another app: no connection, no throw', async () => {
    transport.app = 'BOLOS'
    const { portico } = make(kept(JSON.stringify({ path: second, address: ethAddress(second) })))
    await portico.ready()
    expect(portico.getAccount('eip155').isConnected).toBe(false)
  })
})
