import '../../helpers/bip122Loaded.js'
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectionRejectedError, createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { bip122, bitcoinMainnet, bitcoinRegtest, bitcoinSignet, bitcoinTestnet4, defineBitcoinNetwork } from '../../../plugins/bip122/index.js'
import { BitcoinAmountError } from '../../../plugins/bip122/errors.js'
import { devBitcoinAddress, devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createBitcoinDevWallet } from '../../../sandbox/bitcoinWallet/createBitcoinDevWallet.js'
import { checkPlugin } from '../../conformance/index.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
let network: ReturnType<typeof defineBitcoinNetwork>
let dev: ReturnType<typeof createBitcoinDevWallet>
/** The page the plugin reads: the dev wallet listed in `btc_providers` as an extension injects it (WBIP004). */
let page: Record<string, unknown>
const walletId = 'PorticoDevWalletBitcoin'
const created: Portico[] = []

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  await esplora.ledger.fund(devBitcoinAddress, 2_000_000n)
  network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
  dev = createBitcoinDevWallet({ paymentKey: devBitcoinKey(), ordinalsKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: esplora.apiUrl, icon: 'data:image/svg+xml;base64,PHN2Zy8+' })
  page = { [walletId]: dev.provider, btc_providers: [{ id: walletId, name: dev.provider.name, icon: dev.provider.icon, methods: dev.provider.methods }] }
})
afterAll(async () => {
  await Promise.all(created.map((p) => p.destroy()))
  await esplora?.stop()
})

function setup(storage = memoryStorage()) {
  const portico = createPorticoKernel({ projectId: 'test', networks: [network, bitcoinMainnet], plugins: [bip122({ confirmTimeoutMs: 0 }, { root: page })], storage })
  created.push(portico)
  return { portico, storage }
}

async function connected() {
  const context = setup()
  await context.portico.ready()
  await context.portico.discoverWallets('bip122')
  await context.portico.connect({ connectorId: walletId, namespace: 'bip122' })
  return context
}

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
const satsOf = (address: string) => esplora.ledger.utxos(esplora.ledger.scriptOf(address)).reduce((sum, u) => sum + u.value, 0n)

describe('bip122: networks and structure', () => {
  it('ships mainnet, testnet4, signet and the sandbox regtest with CAIP-2 ids and mempool.space links', () => {
    expect(bitcoinMainnet.caipNetworkId).toBe('bip122:000000000019d6689c085ae165831e93')
    expect(bitcoinTestnet4.caipNetworkId).toBe('bip122:00000000da84f2bafbbc53dee25a72ae')
    expect(bitcoinSignet.caipNetworkId).toBe('bip122:00000008819873e925422c1ff0f99f7c')
    expect(bitcoinRegtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(bitcoinMainnet.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
    const { portico } = setup()
    expect(portico.explorers.transactionUrl(bitcoinSignet, 'ab'.repeat(32))).toBe(`https://mempool.space/signet/tx/${'ab'.repeat(32)}`)
    expect(portico.explorers.addressUrl(bitcoinMainnet, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('https://mempool.space/address/1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')
    expect(portico.explorers.addressUrl(bitcoinTestnet4, 'x')).toBe('https://mempool.space/testnet4/address/x')
    expect(portico.explorers.addressUrl(network, devBitcoinAddress)).toBeUndefined()
  })

  it('passes the structural conformance check', async () => {
    const report = await checkPlugin({ plugin: bip122({}, { root: page }), networks: [network] })
    expect(report.issues).toEqual([])
  })
})

describe('bip122: the dev wallet through btc_providers against the regtest Esplora ledger', () => {
  it('lists the wallet once, with its name and icon', async () => {
    const { portico } = setup()
    await portico.ready()
    const listed = (await portico.discoverWallets('bip122')).filter((c) => c.namespace === 'bip122')
    expect(listed.map((c) => [c.id, c.name, c.imageUrl])).toEqual([[walletId, 'Portico Dev Wallet', dev.provider.icon]])
  })

  it('connects with the payment account first and the ordinal account after it', async () => {
    const { portico } = await connected()
    expect(portico.getState().connections.bip122).toMatchObject({ status: 'connected', address: devBitcoinAddress, caipAddress: `${network.caipNetworkId}:${devBitcoinAddress}` })
    const accounts = portico.stores.connections.get('bip122').accounts
    expect(accounts?.map((a) => a.type)).toEqual(['payment', 'ordinal'])
    expect(accounts?.[1]?.address).toBe(dev.control.ordinalsAddress)
    await portico.disconnect('bip122')
  })

  it('reads the balance from the Esplora API', async () => {
    const { portico } = await connected()
    const balance = await portico.fetchBalance('bip122', { force: true })
    expect(balance).toEqual({ balance: (Number(satsOf(devBitcoinAddress)) / 1e8).toString(), symbol: 'BTC', decimals: 8 })
    await portico.disconnect('bip122')
  })

  it('signs a message (BIP-322); bitcoinjs-lib and the sign-in verifier accept it, a tampered message is refused', async () => {
    const { portico } = await connected()
    const message = 'Sign in to portico.test'
    const signature = await portico.signMessage({ message, namespace: 'bip122' })
    expect(verifyBip322(devBitcoinAddress, message, signature)).toBe(true)
    const verifier = portico.signInVerifiers.get('bip122')!
    expect(await verifier.verify({ message, signature, address: devBitcoinAddress, network })).toBe(true)
    expect(await verifier.verify({ message: `${message}!`, signature, address: devBitcoinAddress, network })).toBe(false)
    await portico.disconnect('bip122')
  })

  it('sends 0.001 BTC to a fresh address by a PSBT the wallet signs; the ledger shows it and the fee', async () => {
    const { portico } = await connected()
    const to = fresh()
    const before = satsOf(devBitcoinAddress)
    const hash = await portico.send({ to, amount: '0.001', namespace: 'bip122' })
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(dev.control.activity().at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
    expect(satsOf(to)).toBe(100_000n)
    const spent = before - satsOf(devBitcoinAddress)
    expect(spent).toBeGreaterThan(100_000n) // the amount and a fee at the API's "normal" rate
    expect(spent).toBeLessThan(100_000n + 2_000n)
    esplora.ledger.mine()
    expect(esplora.ledger.status(esplora.ledger.transaction(hash)!).confirmed).toBe(true)
    await portico.disconnect('bip122')
  })

  it('estimates the fee of each speed from /fee-estimates before the wallet is asked, and a fast send pays the fast fee', async () => {
    const { portico } = await connected()
    const to = fresh()
    const asked = dev.control.activity().length
    const estimate = await portico.estimateSendFee({ to, amount: '0.001', namespace: 'bip122' })
    expect(dev.control.activity().length).toBe(asked)
    // The sandbox's estimates: 1 sat/vB for 144 blocks, 2 for 6, 5 for the next block; one input, two outputs (165 vB).
    expect(estimate).toEqual({
      fee: '0.0000033',
      symbol: 'BTC',
      speed: 'normal',
      speeds: [
        { speed: 'slow', fee: '0.00000165', detail: '165 sats' },
        { speed: 'normal', fee: '0.0000033', detail: '330 sats' },
        { speed: 'fast', fee: '0.00000825', detail: '825 sats' },
      ],
    })
    expect((await portico.estimateSendFee({ to, amount: '0.001', namespace: 'bip122', feeSpeed: 'fast' }))?.fee).toBe('0.00000825')
    const hash = await portico.send({ to, amount: '0.001', namespace: 'bip122', feeSpeed: 'fast' })
    const tx = (await (await fetch(`${esplora.apiUrl}/tx/${hash}`)).json()) as { fee: number }
    expect(tx.fee).toBe(825)
    await portico.disconnect('bip122')
  })

  it('refuses dust, more than the balance, too many decimals and a wrong-network address before the wallet is asked', async () => {
    const { portico } = await connected()
    const asked = dev.control.activity().length
    for (const [to, amount] of [
      [fresh(), '0.00000100'],
      [fresh(), '1000'],
      [fresh(), '0.000000001'],
      ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '0.001'],
    ] as const) {
      await expect(portico.send({ to, amount, namespace: 'bip122' }), `${to} ${amount}`).rejects.toThrow()
    }
    const { sendBitcoin } = await import('../../../plugins/bip122/actions/sendBitcoin.js')
    const wallet = { id: 'x', name: 'x', style: 'wbip004' as const, connect: async () => [], signMessage: async () => ({ signature: '' }), signPsbt: async () => { throw new Error('must not be asked') } }
    await expect(sendBitcoin({ wallet, network, from: devBitcoinAddress, to: fresh(), amount: '0.000001' })).rejects.toThrow(/dust/)
    await expect(sendBitcoin({ wallet, network, from: devBitcoinAddress, to: fresh(), amount: '5000' })).rejects.toThrow(/Insufficient funds/)
    await expect(sendBitcoin({ wallet, network, from: devBitcoinAddress, to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '0.001' })).rejects.toBeInstanceOf(BitcoinAmountError)
    expect(dev.control.activity().length).toBe(asked)
    await portico.disconnect('bip122')
  })

  it('a wallet that rejects: "Connection rejected" on connect, a 4001 on send with nothing moved', async () => {
    const { portico } = await connected()
    const before = satsOf(devBitcoinAddress)
    dev.control.setMode('reject')
    try {
      await expect(portico.send({ to: fresh(), amount: '0.001', namespace: 'bip122' })).rejects.toMatchObject({ code: 4001 })
      expect(satsOf(devBitcoinAddress)).toBe(before)
      expect(portico.getState().connections.bip122?.status).toBe('connected')
      const second = setup()
      await second.portico.discoverWallets('bip122')
      await expect(second.portico.connect({ connectorId: walletId, namespace: 'bip122' })).rejects.toBeInstanceOf(ConnectionRejectedError)
    } finally {
      dev.control.setMode('approve')
    }
    await portico.disconnect('bip122')
  })

  it('restores the connection on the next load', async () => {
    const { storage } = await connected()
    const second = setup(storage)
    await second.portico.ready()
    expect(second.portico.getState().connections.bip122).toMatchObject({ status: 'connected', address: devBitcoinAddress })
  })

  it('a wallet injected after the plugin started is found without being asked again', async () => {
    const late: Record<string, unknown> = {}
    const portico = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({}, { root: late })], storage: memoryStorage() })
    created.push(portico)
    await portico.ready()
    expect((await portico.discoverWallets('bip122')).filter((c) => c.namespace === 'bip122')).toEqual([])
    late[walletId] = dev.provider
    late.btc_providers = [{ id: walletId, name: 'Portico Dev Wallet' }, { id: walletId, name: 'Portico Dev Wallet' }, { id: 'Missing.Provider', name: 'Ghost' }, { id: '__proto__.x', name: 'Evil' }]
    await expect.poll(() => portico.stores.wallets.connectors.filter((c) => c.namespace === 'bip122').map((c) => c.id), { timeout: 3_000 }).toEqual([walletId])
  })
})
