import '../../helpers/polkadotLoaded.js'
// portico/polkadot, issue 46: the Asset Hub presets and `definePolkadotNetwork`'s websocket
// endpoints, the websocket transport (polkadot-api's provider against a real `ws` server on
// loopback, and its fallback to HTTP), and the Substrate dialects of Polkadot.js, Talisman and
// SubWallet (their personas' wallet objects, real sr25519 keys): Ethereum accounts in the list,
// accounts pinned to another chain, their refusal messages, and malformed answers.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPorticoKernel, type Network, type Portico } from '../../../kernel/kernel.js'
import { callPolkadotRpc } from '../../../plugins/polkadot/actions/callPolkadotRpc.js'
import { closePolkadotWebSockets } from '../../../plugins/polkadot/actions/polkadotWebSocketRpc.js'
import { verifyPolkadotSignature } from '../../../plugins/polkadot/actions/verifyPolkadotSignature.js'
import { definePolkadotNetwork, kusama, kusamaAssetHub, polkadot, polkadotAssetHub, polkadotMainnet, westend, westendAssetHub } from '../../../plugins/polkadot/index.js'
import { PolkadotRpcRequestError } from '../../../plugins/polkadot/errors.js'
import { polkadotSandboxGenesisHash } from '../../../sandbox/polkadot/polkadotSandboxChain.js'
import { devPolkadotAddress } from '../../../sandbox/polkadot/devPolkadot.js'
import { createPolkadotDevWallet, type PolkadotWalletDialect } from '../../../sandbox/polkadotWallet/createPolkadotDevWallet.js'
import { polkadotDevWalletKeys } from '../../../sandbox/polkadotWallet/installPolkadotDevWallet.js'
import { personaEthereumAccount, personaPinnedAccount } from '../../../sandbox/polkadotWallet/polkadotPersonaAccounts.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'

const WS = WebSocket as unknown as typeof globalThis.WebSocket

describe('the Asset Hub presets', () => {
  it('carry the chains\' real genesis hashes, prefixes and currencies, websocket first, HTTP beside it', () => {
    expect([polkadotAssetHub, kusamaAssetHub, westendAssetHub].map((n) => [n.name, n.polkadot.genesisHash, n.polkadot.ss58Prefix, n.nativeCurrency.symbol, n.nativeCurrency.decimals, n.rpcUrls.default, n.blockExplorers?.default.url, n.testnet ?? false])).toEqual([
      ['Polkadot Asset Hub', '0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f', 0, 'DOT', 10, { http: ['https://polkadot-asset-hub-rpc.polkadot.io'], webSocket: ['wss://polkadot-asset-hub-rpc.polkadot.io'] }, 'https://assethub-polkadot.subscan.io', false],
      ['Kusama Asset Hub', '0x48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a', 2, 'KSM', 12, { http: ['https://kusama-asset-hub-rpc.polkadot.io'], webSocket: ['wss://kusama-asset-hub-rpc.polkadot.io'] }, 'https://assethub-kusama.subscan.io', false],
      ['Westend Asset Hub', '0x67f9723393ef76214df0118c34bbbd3dbebc8ed46a10973a8c969d48fe7598c9', 42, 'WND', 12, { http: ['https://westend-asset-hub-rpc.polkadot.io'], webSocket: ['wss://westend-asset-hub-rpc.polkadot.io'] }, 'https://assethub-westend.subscan.io', true],
    ])
  })

  it('the relay-chain presets keep their ids and gain their websocket endpoints', () => {
    expect([polkadotMainnet, kusama, westend].map((n) => n.rpcUrls.default)).toEqual([
      { http: ['https://rpc.polkadot.io'], webSocket: ['wss://rpc.polkadot.io'] },
      { http: ['https://kusama-rpc.polkadot.io'], webSocket: ['wss://kusama-rpc.polkadot.io'] },
      { http: ['https://westend-rpc.polkadot.io'], webSocket: ['wss://westend-rpc.polkadot.io'] },
    ])
  })

  it('definePolkadotNetwork sorts ws(s):// and http(s):// endpoints, and refuses any other', () => {
    const base = { genesisHash: polkadotSandboxGenesisHash, ss58Prefix: 42, name: 'Local', nativeCurrency: { name: 'Unit', symbol: 'UNIT', decimals: 12 } } as const
    expect(definePolkadotNetwork({ ...base, rpcUrls: ['http://127.0.0.1:9944'] }).rpcUrls).toEqual({ default: { http: ['http://127.0.0.1:9944'] } })
    expect(definePolkadotNetwork({ ...base, rpcUrls: ['ws://127.0.0.1:9944', 'http://127.0.0.1:9944'] }).rpcUrls).toEqual({ default: { http: ['http://127.0.0.1:9944'], webSocket: ['ws://127.0.0.1:9944'] } })
    for (const bad of ['ftp://node', 'javascript:alert(1)', '', 42]) expect(() => definePolkadotNetwork({ ...base, rpcUrls: [bad as string] }), String(bad)).toThrow(/an RPC URL is not ws:\/\/, wss:\/\/, http:\/\/ or https:\/\//)
  })
})

describe('the websocket transport (polkadot-api ws provider) against a real ws server', () => {
  let wss: WebSocketServer
  let http: Server
  let wsUrl: string
  let httpUrl: string
  const seen: string[] = []
  beforeAll(async () => {
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((resolve) => wss.once('listening', resolve))
    wsUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`
    wss.on('connection', (socket) =>
      socket.on('message', (raw) => {
        const { id, method } = JSON.parse(String(raw)) as { id: string; method: string }
        seen.push(`ws ${method}`)
        if (method === 'chain_getBlockHash') socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: polkadotSandboxGenesisHash }))
        else if (method === 'state_getStorage') socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: null }))
        else if (method === 'author_submitExtrinsic') socket.send(JSON.stringify({ jsonrpc: '2.0', id, error: { code: 1010, message: 'Invalid Transaction', data: 'Transaction has a bad signature' } }))
        else if (method === 'broken') socket.send(JSON.stringify({ jsonrpc: '2.0', id }))
      }),
    )
    http = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string }
        seen.push(`http ${method}`)
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: 'from http' }))
      })
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    closePolkadotWebSockets()
    await new Promise((resolve) => wss.close(resolve))
    await new Promise((resolve) => http.close(resolve))
  })
  const network = (urls: string[]) => definePolkadotNetwork({ genesisHash: polkadotSandboxGenesisHash, ss58Prefix: 42, name: 'Local', rpcUrls: urls, nativeCurrency: { name: 'Unit', symbol: 'UNIT', decimals: 12 } }) as Network

  it('asks over the websocket first, results and nulls alike, one connection for every call', async () => {
    seen.length = 0
    const both = network([wsUrl, httpUrl])
    expect(await callPolkadotRpc({ network: both, method: 'chain_getBlockHash', params: [0], WebSocket: WS })).toBe(polkadotSandboxGenesisHash)
    expect(await callPolkadotRpc({ network: both, method: 'state_getStorage', params: ['0x00'], WebSocket: WS })).toBeNull()
    expect(seen).toEqual(['ws chain_getBlockHash', 'ws state_getStorage'])
    expect(wss.clients.size).toBe(1)
  })

  it('a node\'s error is a PolkadotRpcRequestError with its code and data, never retried over HTTP; an answer with no result is one too', async () => {
    seen.length = 0
    const both = network([wsUrl, httpUrl])
    const refused = await callPolkadotRpc({ network: both, method: 'author_submitExtrinsic', params: ['0x00'], WebSocket: WS }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(PolkadotRpcRequestError)
    expect(refused).toMatchObject({ code: 1010, message: expect.stringContaining('Invalid Transaction Transaction has a bad signature') })
    await expect(callPolkadotRpc({ network: both, method: 'broken', params: [], WebSocket: WS })).rejects.toThrow(/The Polkadot node failed on broken: no result/)
    expect(seen).toEqual(['ws author_submitExtrinsic', 'ws broken'])
  })

  it('a websocket that cannot be opened falls back to the HTTP endpoint; with none, the error names the endpoint', async () => {
    seen.length = 0
    const closed = 'ws://127.0.0.1:9'
    expect(await callPolkadotRpc({ network: network([closed, httpUrl]), method: 'system_chain', params: [], WebSocket: WS })).toBe('from http')
    expect(seen).toEqual(['http system_chain'])
    await expect(callPolkadotRpc({ network: network([closed]), method: 'system_chain', params: [], WebSocket: WS })).rejects.toThrow(/The Polkadot node failed on system_chain: cannot open a websocket to ws:\/\/127\.0\.0\.1:9/)
  })

  it('without a WebSocket class (Node 20, a host that gives none) it speaks HTTP', async () => {
    seen.length = 0
    expect(await callPolkadotRpc({ network: network([wsUrl, httpUrl]), method: 'system_chain', params: [], WebSocket: undefined })).toBe('from http')
    expect(seen).toEqual(['http system_chain'])
  })
})

const dialects: Record<string, { key: string; dialect: PolkadotWalletDialect }> = {
  'Polkadot.js': { key: 'polkadot-js', dialect: { enableRejection: 'Rejected', signRejection: 'Cancelled', notAuthorised: 'The source x is not allowed to interact with this extension', keyGenesisHashes: [null, polkadotSandboxGenesisHash], extraAccounts: [{ ...personaPinnedAccount, position: 'last' }], getListsEthereum: 'anyType', subscribeListsEthereum: false } },
  Talisman: { key: 'talisman', dialect: { enableRejection: 'Rejected', signRejection: 'Cancelled', notAuthorised: 'The source x is not allowed to interact with this account.', extraAccounts: [{ ...personaEthereumAccount, position: 'first' }], getListsEthereum: 'anyType', subscribeListsEthereum: true } },
  SubWallet: { key: 'subwallet-js', dialect: { enableRejection: 'Rejected', signRejection: 'Rejected by user', notAuthorised: 'The source x is not allowed to interact with this extension', extraAccounts: [{ ...personaEthereumAccount, position: 'first' }], getListsEthereum: 'always', subscribeListsEthereum: true } },
}
const sandboxNetwork = definePolkadotNetwork({ genesisHash: polkadotSandboxGenesisHash, ss58Prefix: 42, name: 'Portico Substrate Devnet', rpcUrls: ['http://127.0.0.1:9'], nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 } })

describe.each(Object.entries(dialects))('the plugin with the %s dialect', (walletName, { key, dialect }) => {
  const created: Portico[] = []
  afterAll(async () => Promise.all(created.map((p) => p.destroy())))
  const start = (entry: unknown, networks: Network[] = [sandboxNetwork, polkadotMainnet]) => {
    const portico = createPorticoKernel({ projectId: 'test', networks, plugins: [polkadot({ appName: 'Test' }, { window: { injectedWeb3: { [key]: entry } } })], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    created.push(portico)
    return portico
  }
  const wallet = () => createPolkadotDevWallet({ keys: polkadotDevWalletKeys(), dialect })

  it('connects with the SS58 accounts only: no Ethereum account, none pinned to another chain; follows the wallet\'s selection; signs', async () => {
    const { entry, control } = wallet()
    const portico = start(entry)
    await portico.ready()
    await portico.discoverWallets('polkadot')
    await portico.connect({ connectorId: key, namespace: 'polkadot', network: sandboxNetwork })
    expect(portico.stores.connections.get('polkadot').accounts.map((a) => a.address)).toEqual([devPolkadotAddress(0), devPolkadotAddress(1)])
    const message = `Sign in with ${walletName}`
    const signature = await portico.signMessage({ message, namespace: 'polkadot' })
    expect(await verifyPolkadotSignature({ message, signature, address: devPolkadotAddress(0) })).toBe(true)
    // the visitor shares only the second dev account in the extension: the subscription says so (Talisman's and SubWallet's with their Ethereum account)
    control.share([devPolkadotAddress(1)])
    await expect.poll(() => portico.stores.connections.get('polkadot').accounts.map((a) => a.address)).toEqual([devPolkadotAddress(1)])
    control.share()
  })

  it('a refused signature is the visitor saying no (4001), whatever the wallet\'s words; a refused connection is "Connection rejected"', async () => {
    const { entry, control } = wallet()
    const portico = start(entry)
    await portico.ready()
    await portico.discoverWallets('polkadot')
    await portico.connect({ connectorId: key, namespace: 'polkadot', network: sandboxNetwork })
    control.setMode('reject')
    await expect(portico.signMessage({ message: 'no', namespace: 'polkadot' })).rejects.toMatchObject({ code: 4001 })
    await portico.disconnect('polkadot')
    await expect(portico.connect({ connectorId: key, namespace: 'polkadot', network: sandboxNetwork })).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
    expect(control.activity().map((a) => [a.method, a.outcome])).toEqual([['enable', 'approved'], ['signRaw', 'rejected'], ['enable', 'rejected']])
  })
})

describe('accounts pinned to a chain (genesisHash), and malformed answers', () => {
  const created: Portico[] = []
  afterAll(async () => Promise.all(created.map((p) => p.destroy())))
  const start = (entry: unknown, networks: Network[]) => {
    const portico = createPorticoKernel({ projectId: 'test', networks, plugins: [polkadot({}, { window: { injectedWeb3: { 'polkadot-js': entry } } })], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    created.push(portico)
    return portico
  }

  it('on the chain an account is pinned to it is offered; moving to another chain leaves it out', async () => {
    const { entry } = createPolkadotDevWallet({ keys: polkadotDevWalletKeys(), dialect: dialects['Polkadot.js']!.dialect })
    const portico = start(entry, [polkadotMainnet, sandboxNetwork])
    await portico.ready()
    await portico.discoverWallets('polkadot')
    await portico.connect({ connectorId: 'polkadot-js', namespace: 'polkadot', network: polkadotMainnet })
    // on Polkadot: Dev account 1 (any chain) and the Ledger account pinned to Polkadot; Dev account 2 is pinned to the sandbox chain
    expect(portico.stores.connections.get('polkadot').accounts.map((a) => a.name)).toEqual(['Dev account 1', 'Ledger (Polkadot relay chain)'])
    await portico.switchNetwork(sandboxNetwork)
    await expect.poll(() => portico.stores.connections.get('polkadot').accounts.map((a) => a.name)).toEqual(['Dev account 1', 'Dev account 2'])
  })

  it('an extension whose accounts are all pinned elsewhere gets a clear error, not an account it would refuse', async () => {
    const pinnedOnly = { version: '1', enable: async () => ({ accounts: { get: async () => [personaPinnedAccount] }, signer: {} }) }
    const portico = start(pinnedOnly, [sandboxNetwork])
    await portico.ready()
    await portico.discoverWallets('polkadot')
    const error = await portico.connect({ connectorId: 'polkadot-js', namespace: 'polkadot', network: sandboxNetwork }).catch((e: unknown) => e as { name: string; cause?: { code?: number; message?: string } })
    expect(error).toMatchObject({ name: 'ConnectFailedError', cause: { code: 4100, message: expect.stringContaining('shared no account usable on Portico Substrate Devnet: each is pinned to another chain') } })
  })

  it('junk from the wallet: a list that is not a list, accounts with no address, a signature that is not hex', async () => {
    for (const accounts of [null, 'accounts', [{ name: 'no address' }, { address: 42 }, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'sr25519' }]]) {
      const junk = { version: '1', enable: async () => ({ accounts: { get: async () => accounts }, signer: {} }) }
      const portico = start(junk, [sandboxNetwork])
      await portico.ready()
      await portico.discoverWallets('polkadot')
      const error = await portico.connect({ connectorId: 'polkadot-js', namespace: 'polkadot', network: sandboxNetwork }).catch((e: unknown) => e)
      expect(error, JSON.stringify(accounts)).toMatchObject({ name: 'ConnectFailedError', cause: { code: 4100, message: expect.stringContaining('Polkadot.js shared no Polkadot account') } })
    }
    const liar = { version: '1', enable: async () => ({ accounts: { get: async () => [{ address: devPolkadotAddress(0), type: 'sr25519' }] }, signer: { signRaw: async () => ({ id: 1, signature: 'Rejected?' }) } }) }
    const portico = start(liar, [sandboxNetwork])
    await portico.ready()
    await portico.discoverWallets('polkadot')
    await portico.connect({ connectorId: 'polkadot-js', namespace: 'polkadot', network: sandboxNetwork })
    await expect(portico.signMessage({ message: 'hi', namespace: 'polkadot' })).rejects.toMatchObject({ code: -32603, message: expect.stringContaining('The wallet returned an invalid signature') })
  })
})
