import '../../helpers/polkadotLoaded.js'
// Acceptance 3 of issue 46: the Asset Hub presets (Polkadot, Kusama, Westend) run, exactly as a
// mainnet site uses them, against the sandbox's Chopsticks chain, which executes an Asset Hub
// runtime. Only the RPC URL is pointed at the sandbox, and only its websocket (no HTTP endpoint,
// so nothing can fall back): the plugin reads a balance and sends through polkadot-api's websocket
// provider, signed by the dev wallet's signer behind an `injectedWeb3` extension, with a fresh key
// the faucet funds (so no other file's transfer from the dev accounts races its nonce). What the
// chain holds is read back with another library (@polkadot/api over its own websocket).
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { randomBytes } from '@noble/hashes/utils.js'
import * as sr25519 from '@scure/sr25519'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPorticoKernel, type Network, type Portico } from '../../../kernel/kernel.js'
import { closePolkadotWebSockets } from '../../../plugins/polkadot/actions/polkadotWebSocketRpc.js'
import { kusamaAssetHub, polkadot, polkadotAssetHub, westendAssetHub, type PolkadotNetwork } from '../../../plugins/polkadot/index.js'
import { decodeSs58, encodeSs58 } from '../../../plugins/polkadot/utils/ss58.js'
import { sandboxPorts } from '../../../sandbox/config.js'
import { createPolkadotDevWallet } from '../../../sandbox/polkadotWallet/createPolkadotDevWallet.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { startSandboxPolkadot } from '../../helpers/startOnDemand.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

let sandbox: TestSandbox
let api: ApiPromise
let socketUrl: string
const created: Portico[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ reuseFromEnv: true })
  await startSandboxPolkadot(sandbox)
  socketUrl = `ws://127.0.0.1:${sandboxPorts(sandbox.port).polkadot}`
  await cryptoWaitReady()
  api = await ApiPromise.create({ provider: new WsProvider(socketUrl), noInitWarn: true })
})

afterAll(async () => {
  await Promise.all(created.map((p) => p.destroy()))
  closePolkadotWebSockets()
  await api?.disconnect()
  await sandbox?.stop()
})

const planck = async (address: string) => (await api.query.system.account(address)).data.free.toBigInt()

describe.each([
  { preset: polkadotAssetHub, caip: 'polkadot:68d56f15f85d3136970ec16946040bc1', prefix: 0, symbol: 'DOT', decimals: 10 },
  { preset: kusamaAssetHub, caip: 'polkadot:48239ef607d7928874027a43a6768920', prefix: 2, symbol: 'KSM', decimals: 12 },
  { preset: westendAssetHub, caip: 'polkadot:67f9723393ef76214df0118c34bbbd3d', prefix: 42, symbol: 'WND', decimals: 12 },
])('the $symbol Asset Hub preset, its RPC pointed at the sandbox chain', ({ preset, caip, prefix, symbol, decimals }) => {
  it('is the chain the official sources name: genesis, prefix, currency, a wss:// endpoint first', () => {
    expect(preset.caipNetworkId).toBe(caip)
    expect(preset.polkadot.ss58Prefix).toBe(prefix)
    expect(preset.nativeCurrency).toMatchObject({ symbol, decimals })
    expect(preset.rpcUrls.default.webSocket?.[0]).toMatch(/^wss:\/\/[a-z-]+-asset-hub-rpc\.polkadot\.io$/)
    expect(preset.rpcUrls.default.http[0]).toMatch(/^https:\/\/[a-z-]+-asset-hub-rpc\.polkadot\.io$/)
  })

  it('connects the extension, reads the balance and sends over the websocket; @polkadot/api reads the transfer back', async () => {
    // The preset as a site ships it, with only its endpoint moved (a site using its own RPC provider does the same).
    const network: PolkadotNetwork = { ...preset, rpcUrls: { default: { http: [], webSocket: [socketUrl] } } }
    const secretKey = sr25519.secretFromSeed(randomBytes(32))
    const key = { secretKey, publicKey: sr25519.getPublicKey(secretKey) }
    const sender = encodeSs58(key.publicKey, 42)
    const funded = await fetch(`${sandbox.url}/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ caipAddress: `polkadot:${'45'.repeat(16)}:${sender}`, amount: '10' }) })
    expect(funded.status, await funded.clone().text()).toBe(200)
    const { entry } = createPolkadotDevWallet({ keys: [{ name: 'Fresh account', key }], ss58Prefix: 42 })
    const portico = createPorticoKernel({
      projectId: 'test',
      networks: [network as Network],
      plugins: [polkadot({ appName: 'Asset Hub preset test' }, { window: { injectedWeb3: { 'polkadot-js': entry } }, WebSocket: WebSocket as unknown as typeof globalThis.WebSocket, fetch: () => Promise.reject(new Error('this test allows no HTTP')) })],
      storage: memoryStorage(),
      endpoints: { api: 'http://127.0.0.1:9' },
    })
    created.push(portico)
    await portico.ready()
    await portico.discoverWallets('polkadot')
    const connection = await portico.connect({ connectorId: 'polkadot-js', namespace: 'polkadot', network: network as Network })
    // the account, shown in the preset's prefix
    expect(connection.address).toBe(encodeSs58(decodeSs58(sender)!.publicKey, prefix))

    const balance = await portico.fetchBalance('polkadot', { force: true })
    const held = await planck(sender)
    expect(balance?.symbol).toBe(symbol)
    // the chain's planck in the preset's decimals (the sandbox's ROC has 12; DOT has 10)
    const [whole = '0', fraction = ''] = (balance?.balance ?? '').split('.')
    expect(BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0'))).toBe(held)

    const receiver = new Keyring({ type: 'sr25519', ss58Format: prefix }).addFromUri(`//AssetHubPreset${symbol}${Math.random()}`).address
    const hash = await portico.send({ namespace: 'polkadot', to: receiver, amount: '0.5' })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const expected = 5n * 10n ** BigInt(decimals - 1)
    await expect.poll(() => planck(receiver), { timeout: 30_000, interval: 100 }).toBe(expected)
  }, 90_000)
})
