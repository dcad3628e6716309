import '../../helpers/bip122Loaded.js'
// Leather's Bitcoin dialect, against the sandbox's Leather persona on a regtest ledger (issue 46):
// `getAddresses` answers `{ symbol, type }` entries (no `purpose`) with its Stacks address among
// them; `signPsbt` takes `{ hex, signAtIndex, network }` and answers `{ hex }`; `signMessage` takes
// `{ message, paymentType, network }` (mainnet when the network is absent); `sendTransfer` takes
// sats as strings with a network; refusals are 4001; every `getAddresses` opens Leather's prompt, so
// a reload reconnects from the accounts the plugin kept.
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { bip122, bitcoinRegtest, defineBitcoinNetwork } from '../../../plugins/bip122/index.js'
import { wbip004Wallet } from '../../../plugins/bip122/discovery/wbip004Wallet.js'
import { verifyBitcoinSignature } from '../../../plugins/bip122/actions/verifyBitcoinSignature.js'
import { devBitcoinAddress } from '../../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createLeatherWallet, leatherBitcoinMethods, leatherListing, type LeatherWallet } from '../../../sandbox/personas/leather/createLeatherWallet.js'
import { bitcoinKeyring } from '../../../sandbox/personas/shared/bitcoinKeyring.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
let leather: LeatherWallet
let control: ReturnType<LeatherWallet['wallet']['control']>
let network: ReturnType<typeof defineBitcoinNetwork>
const created: Portico[] = []
const taproot = bitcoinKeyring(0).taproot().address
const requests: { method: string; params: unknown }[] = []
let root: Record<string, unknown>

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  await esplora.ledger.fund(devBitcoinAddress, 3_000_000n)
  leather = createLeatherWallet()
  leather.wallet.define('bip122', leatherBitcoinMethods({ keyring: bitcoinKeyring(0), esplora: { url: esplora.apiUrl } }))
  control = leather.wallet.control('bip122', leather.connection)
  const provider = { ...leather.provider, request: (method: string, params?: unknown) => (requests.push({ method, params }), leather.provider.request(method, params)) }
  root = { LeatherProvider: provider, btc_providers: [{ ...leatherListing }] }
  network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
})
afterAll(async () => {
  await Promise.all(created.map((p) => p.destroy()))
  await esplora?.stop()
})

function start(storage = memoryStorage()) {
  const portico = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0 }, { root })], storage })
  created.push(portico)
  return { portico, storage }
}
const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
const last = (method: string) => requests.filter((r) => r.method === method).at(-1)?.params

describe('Leather (bip122)', () => {
  it('is listed as Leather with its icon (Leather types it data:image/svg; the plugin reads it as svg+xml)', async () => {
    const { portico } = start()
    await portico.ready()
    const [listed] = (await portico.discoverWallets('bip122')).filter((w) => w.id === 'LeatherProvider')
    expect(listed?.name).toBe('Leather')
    expect(listed?.imageUrl).toBe(leatherListing.icon.replace('data:image/svg;', 'data:image/svg+xml;'))
  })

  it('connects with its payment (p2wpkh) and Taproot (p2tr) addresses read by type, its Stacks address left out', async () => {
    const { portico, storage } = start()
    await portico.ready()
    await portico.discoverWallets('bip122')
    const connection = await portico.connect({ connectorId: 'LeatherProvider', namespace: 'bip122' })
    expect(connection.address).toBe(devBitcoinAddress)
    expect(portico.stores.connections.get('bip122').accounts.map((a) => [a.address, a.type])).toEqual([
      [devBitcoinAddress, 'payment'],
      [taproot, 'ordinal'],
    ])
    // getAddresses as Leather documents it: no parameters, BTC and STX entries by symbol and type.
    expect(last('getAddresses')).toBeUndefined()
    expect(leather.addresses().map((a) => [a.symbol, 'type' in a ? a.type : undefined])).toEqual([
      ['BTC', 'p2wpkh'],
      ['BTC', 'p2tr'],
      ['STX', undefined],
    ])

    // Sign-in message: BIP-322 with the payment address, on Leather's name for regtest.
    const message = 'Sign in to Portico with Leather'
    const signature = await portico.signMessage({ message, namespace: 'bip122' })
    expect(last('signMessage')).toEqual({ message, paymentType: 'p2wpkh', network: 'devnet' })
    expect(verifyBip322(devBitcoinAddress, message, signature)).toBe(true)

    // A PSBT-based transfer: hex in, hex out, the inputs to sign by index.
    const to = fresh()
    const hash = await portico.send({ to, amount: '0.0025', namespace: 'bip122' })
    const asked = last('signPsbt') as { hex: string; signAtIndex: number[]; network: string; broadcast: boolean }
    expect(asked).toMatchObject({ signAtIndex: [0], network: 'devnet', broadcast: false })
    expect(asked.hex).toMatch(/^70736274ff/) // "psbt\xff" in hex
    expect(esplora.ledger.utxos(esplora.ledger.scriptOf(to)).map((u) => [u.txid, u.value])).toEqual([[hash, 250_000n]])
    expect(control.activity().slice(-3)).toEqual([
      { method: 'getAddresses', outcome: 'approved' },
      { method: 'signMessage', outcome: 'approved' },
      { method: 'signPsbt', outcome: 'approved' },
    ])

    // A reload: Leather would open its prompt for getAddresses, so the kept accounts reconnect.
    const asked0 = requests.filter((r) => r.method === 'getAddresses').length
    const second = start(storage).portico
    await second.ready()
    await expect.poll(() => second.getState().connections.bip122?.address).toBe(devBitcoinAddress)
    expect(second.stores.connections.get('bip122').accounts.map((a) => a.address)).toEqual([devBitcoinAddress, taproot])
    expect(requests.filter((r) => r.method === 'getAddresses').length).toBe(asked0)
    // Disconnecting forgets them: the next load restores nothing.
    await second.disconnect('bip122')
    // Nothing is stored to restore, and ready() settles when the restore is done.
    expect(JSON.parse(storage.getItem('@portico/connections') ?? '{}')).not.toHaveProperty('bip122')
    const third = start(storage).portico
    await third.ready()
    expect(third.getState().connections.bip122?.status ?? 'disconnected').toBe('disconnected')
  })

  it('a refusal in Leather (4001, the promise rejected with the envelope) is the send error, and nothing moves', async () => {
    const { portico } = start()
    await portico.ready()
    await portico.discoverWallets('bip122')
    await portico.connect({ connectorId: 'LeatherProvider', namespace: 'bip122' })
    const to = fresh()
    control.setMode('reject')
    try {
      await expect(portico.send({ to, amount: '0.001', namespace: 'bip122' })).rejects.toMatchObject({ code: 4001 })
      await expect(portico.signMessage({ message: 'no', namespace: 'bip122' })).rejects.toMatchObject({ code: 4001 })
    } finally {
      control.setMode('approve')
    }
    expect(control.activity().slice(-2)).toEqual([
      { method: 'signPsbt', outcome: 'rejected' },
      { method: 'signMessage', outcome: 'rejected' },
    ])
    expect(esplora.ledger.utxos(esplora.ledger.scriptOf(to))).toEqual([])
  })

  it('the wallet wrapper speaks Leather\'s sendTransfer (sats as a string, with the network) and signs with the Taproot address as p2tr', async () => {
    const wallet = wbip004Wallet(root, root.btc_providers ? (root.btc_providers as unknown[])[0] as object : {})!
    expect(wallet.promptsOnConnect).toBe(true)
    const to = fresh()
    const txid = await wallet.sendTransfer!({ address: to, amount: 30_000n })
    expect(last('sendTransfer')).toEqual({ recipients: [{ address: to, amount: '30000' }], network: 'devnet' })
    expect(esplora.ledger.utxos(esplora.ledger.scriptOf(to)).map((u) => [u.txid, u.value])).toEqual([[txid, 30_000n]])
    const { signature } = await wallet.signMessage({ address: taproot, message: 'taproot' })
    expect(last('signMessage')).toEqual({ message: 'taproot', paymentType: 'p2tr', network: 'devnet' })
    expect(await verifyBitcoinSignature({ message: 'taproot', signature, address: taproot })).toBe(true)
  })

  it('the persona keeps Leather\'s rules: a PSBT as base64 `psbt` (Xverse\'s shape) is refused, a missing network is mainnet', async () => {
    await expect(leather.provider.request('signPsbt', { psbt: 'cHNidP8=', signInputs: {} })).rejects.toMatchObject({ error: { code: -32602, message: 'hex: Required' } })
    await expect(leather.provider.request('signMessage', { message: 'hi' })).rejects.toMatchObject({ error: { code: -32602 } })
    await expect(leather.provider.request('sendTransfer', { recipients: [{ address: fresh(), amount: 1000 }], network: 'devnet' })).rejects.toMatchObject({ error: { message: 'Sat denominated amounts only' } })
    await expect(leather.provider.request('sendTransfer', { recipients: [{ address: fresh(), amount: '1000' }] })).rejects.toMatchObject({ error: { message: 'Address is for incorrect network' } })
    await expect(leather.provider.request('nope')).rejects.toMatchObject({ jsonrpc: '2.0', error: { code: -32601 } })
  })
})
