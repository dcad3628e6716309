import '../../helpers/bip122Loaded.js'
// The dialects of the Bitcoin wallets with a global of their own, as portico/bip122 speaks them:
// Unisat's `window.unisat` (and OKX's `window.okxwallet.bitcoin`, its copy with `accountChanged`),
// Phantom's `window.phantom.bitcoin`. Each wallet double here answers in the shapes its docs give
// (docs/wallets/*.md) and signs with the sandbox's real regtest keyring; sends go to the in-process
// Esplora ledger, which checks every signature. Malformed answers get typed errors.
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { bytesToHex } from '@noble/hashes/utils.js'
import { Address, OutScript, Script, SigHash, Transaction } from '@scure/btc-signer'
import { base64, hex } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProviderRpcError, createPorticoKernel, type Portico } from '../../../kernel/kernel.js'
import { BitcoinWalletFeatureError } from '../../../plugins/bip122/errors.js'
import { regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { bip122, bitcoinRegtest, defineBitcoinNetwork } from '../../../plugins/bip122/index.js'
import { sendBitcoin } from '../../../plugins/bip122/actions/sendBitcoin.js'
import { createBitcoinWalletDiscovery } from '../../../plugins/bip122/discovery/createBitcoinWalletDiscovery.js'
import { okxBitcoinWallet } from '../../../plugins/bip122/discovery/okxBitcoinWallet.js'
import { phantomBitcoinWallet } from '../../../plugins/bip122/discovery/phantomBitcoinWallet.js'
import { unisatWallet } from '../../../plugins/bip122/discovery/unisatWallet.js'
import { devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createRegtestKeyring, type RegtestKeyring } from '../../../sandbox/bitcoinWallet/createRegtestKeyring.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
let network: ReturnType<typeof defineBitcoinNetwork>
let keyring: RegtestKeyring
const created: Portico[] = []

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  keyring = createRegtestKeyring({ paymentKey: devBitcoinKey(), taprootKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: esplora.apiUrl })
  await esplora.ledger.fund(keyring.payment.address, 2_000_000n)
  await esplora.ledger.fund(keyring.taproot.address, 2_000_000n)
  network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
})
afterAll(async () => {
  await Promise.all(created.map((p) => p.destroy()))
  await esplora?.stop()
})

const rejected = { code: 4001, message: 'User rejected the request.' }
async function failure(run: () => Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderRpcError)
    return error as ProviderRpcError
  }
  throw new Error('expected a failure')
}

/** A Unisat-dialect double: hex PSBTs, `toSignInputs` of the current address, finalized unless `autoFinalized: false` (Unisat's docs). */
function unisatLike(account: () => { address: string; publicKey: Uint8Array }, overrides: Record<string, unknown> = {}) {
  const calls: { method: string; args: unknown[] }[] = []
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  const log = (method: string, args: unknown[]) => calls.push({ method, args })
  const wallet: Record<string, unknown> = {
    requestAccounts: async () => (log('requestAccounts', []), [account().address]),
    getAccounts: async () => (log('getAccounts', []), [account().address]),
    getPublicKey: async () => bytesToHex(account().publicKey),
    signMessage: async (text: string, type: string) => (log('signMessage', [text, type]), keyring.signMessage(account().address, text, type === 'bip322-simple' ? 'bip322' : 'ecdsa')),
    signPsbt: async (psbtHex: string, options: { autoFinalized?: boolean; toSignInputs: { index: number; address: string }[] }) => {
      log('signPsbt', [psbtHex, options])
      const tx = Transaction.fromPSBT(hex.decode(psbtHex))
      if (options.toSignInputs.some((i) => i.address !== account().address)) throw { code: -32603, message: 'invalid address in toSignInput' }
      const indexes = options.toSignInputs.map((i) => i.index)
      keyring.signInputs(tx, indexes)
      if (options.autoFinalized !== false) for (const i of indexes) tx.finalizeIdx(i)
      return hex.encode(tx.toPSBT())
    },
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, (handlers.get(event) ?? new Set()).add(handler)),
    removeListener: (event: string, handler: (payload: unknown) => void) => handlers.get(event)?.delete(handler),
    ...overrides,
  }
  return { wallet, calls, emit: (event: string, payload: unknown) => handlers.get(event)?.forEach((h) => h(payload)), listeners: () => [...handlers.values()].reduce((n, s) => n + s.size, 0) }
}

/** A Phantom double: `BtcAccount[]`, `signPSBT(bytes, { inputsToSign })` answering bytes, not finalized (Phantom's docs). */
function phantomLike(overrides: Record<string, unknown> = {}) {
  const calls: { method: string; args: unknown[] }[] = []
  const handlers = new Set<(payload: unknown) => void>()
  const accounts = () => [
    { address: keyring.payment.address, addressType: 'p2wpkh', publicKey: bytesToHex(keyring.payment.publicKey), purpose: 'payment' },
    { address: keyring.taproot.address, addressType: 'p2tr', publicKey: bytesToHex(keyring.taproot.publicKey), purpose: 'ordinals' },
  ]
  const wallet: Record<string, unknown> = {
    isPhantom: true,
    requestAccounts: async () => (calls.push({ method: 'requestAccounts', args: [] }), accounts()),
    signMessage: async (address: string, message: Uint8Array) => {
      calls.push({ method: 'signMessage', args: [address, message] })
      return { signature: base64.decode(keyring.signMessage(address, new TextDecoder().decode(message), 'bip322')) }
    },
    signPSBT: async (psbt: Uint8Array, options: { inputsToSign: { address: string; signingIndexes: number[] }[] }) => {
      calls.push({ method: 'signPSBT', args: [psbt, options] })
      const tx = Transaction.fromPSBT(psbt)
      for (const entry of options.inputsToSign) keyring.signInputs(tx, entry.signingIndexes)
      return tx.toPSBT()
    },
    on: (event: string, handler: (payload: unknown) => void) => event === 'accountsChanged' && handlers.add(handler),
    removeListener: (_event: string, handler: (payload: unknown) => void) => handlers.delete(handler),
    ...overrides,
  }
  return { wallet, calls, emit: (payload: unknown) => handlers.forEach((h) => h(payload)), listeners: () => handlers.size }
}

function start(root: object) {
  const portico = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({ confirmTimeoutMs: 0 }, { root })], storage: memoryStorage() })
  created.push(portico)
  return portico
}

describe('discovery of the wallets with a global of their own', () => {
  it('finds window.unisat, window.phantom.bitcoin (isPhantom) and window.okxwallet.bitcoin, each once by name; a throwing global hides no other', () => {
    const okxEvm = { request: async () => null, bitcoin: unisatLike(() => keyring.payment).wallet }
    const root = { unisat: unisatLike(() => keyring.payment).wallet, phantom: { solana: {}, bitcoin: phantomLike().wallet }, okxwallet: okxEvm }
    const discovery = createBitcoinWalletDiscovery({ root, watchMs: 0 })
    expect(discovery.wallets().map((w) => [w.id, w.name, w.style])).toEqual([
      ['unisat', 'Unisat', 'unisat'],
      ['phantom', 'Phantom', 'phantom'],
      ['okx', 'OKX Wallet', 'okx'],
    ])
    discovery.dispose()
    const hostile = { get unisat() { throw new Error('boom') }, phantom: { bitcoin: { ...phantomLike().wallet, isPhantom: false } }, okxwallet: okxEvm }
    const second = createBitcoinWalletDiscovery({ root: hostile, watchMs: 0 })
    // Not Phantom without its flag; OKX still found although `unisat` throws.
    expect(second.wallets().map((w) => w.id)).toEqual(['okx'])
    second.dispose()
  })
})

describe("Unisat's dialect", () => {
  it('connects with requestAccounts, reconnects silently with getAccounts, reads the public key', async () => {
    const { wallet, calls } = unisatLike(() => keyring.payment)
    const unisat = unisatWallet(wallet)!
    expect(await unisat.connect()).toEqual([{ address: keyring.payment.address, purpose: 'payment', publicKey: bytesToHex(keyring.payment.publicKey) }])
    expect(await unisat.connect({ silent: true })).toHaveLength(1)
    expect(calls.map((c) => c.method)).toEqual(['requestAccounts', 'getAccounts'])
  })

  it('signs in with bip322-simple (checked with bitcoinjs-lib) and passes the refusal on as 4001', async () => {
    const { wallet, calls } = unisatLike(() => keyring.payment)
    const unisat = unisatWallet(wallet)!
    const { signature } = await unisat.signMessage({ address: keyring.payment.address, message: 'hello' })
    expect(calls.at(-1)).toEqual({ method: 'signMessage', args: ['hello', 'bip322-simple'] })
    expect(verifyBip322(keyring.payment.address, 'hello', signature)).toBe(true)
    const refused = unisatWallet({ ...wallet, signMessage: async () => Promise.reject(rejected) })!
    expect((await failure(() => refused.signMessage({ address: keyring.payment.address, message: 'x' }))).code).toBe(4001)
  })

  it('malformed answers are typed errors: no address list, no signature, a PSBT that is not hex', async () => {
    const bad = unisatWallet({ ...unisatLike(() => keyring.payment).wallet, requestAccounts: async () => 'bc1q…', signMessage: async () => 42, signPsbt: async () => 'cHNidP8BAA==' })!
    expect((await failure(() => bad.connect())).message).toContain('Unisat answered requestAccounts with no list of addresses')
    expect((await failure(() => bad.signMessage({ address: keyring.payment.address, message: 'x' }))).message).toContain('Unisat returned no signature')
    const psbt = base64.encode(new Transaction().toPSBT())
    const error = await failure(() => bad.signPsbt!({ psbt, inputs: [{ address: keyring.payment.address, index: 0 }] }))
    expect([error.code, error.message]).toEqual([-32603, expect.stringContaining('Unisat returned no PSBT (a hex string was expected)')])
  })

  it('pays from a Taproot address by a hex PSBT with toSignInputs and autoFinalized: false, its inputs naming the internal key; the ledger takes it', async () => {
    const { wallet, calls } = unisatLike(() => keyring.taproot)
    const unisat = unisatWallet(wallet)!
    const receiver = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(Buffer.alloc(32, 7), true)!), network: bitcoin.networks.regtest }).address!
    const txid = await sendBitcoin({ wallet: unisat, network, from: keyring.taproot.address, to: receiver, amount: '0.0001', publicKey: bytesToHex(keyring.taproot.publicKey), fetch: (...args) => globalThis.fetch(...args) })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const [psbtHex, options] = calls.find((c) => c.method === 'signPsbt')!.args as [string, { autoFinalized: boolean; toSignInputs: { index: number; address: string }[] }]
    expect(options).toEqual({ autoFinalized: false, toSignInputs: [{ index: 0, address: keyring.taproot.address }] })
    expect(bytesToHex(Transaction.fromPSBT(hex.decode(psbtHex)).getInput(0).tapInternalKey!)).toBe(bytesToHex(keyring.taproot.publicKey.subarray(1)))
    const info = (await (await fetch(`${esplora.apiUrl}/address/${receiver}`)).json()) as { chain_stats: { funded_txo_sum: number }; mempool_stats: { funded_txo_sum: number } }
    expect(info.chain_stats.funded_txo_sum + info.mempool_stats.funded_txo_sum).toBe(10_000)
  })

  it('takes back a PSBT the wallet already finalized (autoFinalized ignored, as Unisat clones may)', async () => {
    const base = unisatLike(() => keyring.payment)
    const finalizing = unisatWallet({ ...base.wallet, signPsbt: (psbtHex: string, options: { toSignInputs: unknown }) => (base.wallet.signPsbt as (h: string, o: unknown) => Promise<string>)(psbtHex, { ...(options as object), autoFinalized: true }) })!
    const receiver = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(Buffer.alloc(32, 9), true)!), network: bitcoin.networks.regtest }).address!
    expect(await sendBitcoin({ wallet: finalizing, network, from: keyring.payment.address, to: receiver, amount: '0.0001' })).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe("OKX Wallet's dialect", () => {
  it('follows accountChanged ({ address, publicKey } or null) and stops listening on disconnect', async () => {
    let current: { address: string; publicKey: Uint8Array } = keyring.payment
    const okx = unisatLike(() => current)
    const portico = start({ okxwallet: { bitcoin: okx.wallet } })
    await portico.ready()
    await portico.discoverWallets('bip122')
    await portico.connect({ connectorId: 'okx', namespace: 'bip122' })
    expect(portico.getState().connections.bip122?.address).toBe(keyring.payment.address)
    current = keyring.taproot
    okx.emit('accountChanged', { address: keyring.taproot.address, publicKey: bytesToHex(keyring.taproot.publicKey.subarray(1)), compressedPublicKey: bytesToHex(keyring.taproot.publicKey) })
    await expect.poll(() => portico.getState().connections.bip122?.address).toBe(keyring.taproot.address)
    okx.emit('accountChanged', null)
    await expect.poll(() => portico.getState().connections.bip122?.status).toBe('disconnected')
    expect(okx.listeners()).toBe(0)
    expect(okxBitcoinWallet({})).toBeUndefined()
  })
})

describe("Phantom's dialect", () => {
  it('connects the payment and the Taproot (ordinals) account, payment first, each with its type', async () => {
    const phantom = phantomLike()
    const portico = start({ phantom: { bitcoin: phantom.wallet } })
    await portico.ready()
    await portico.discoverWallets('bip122')
    await portico.connect({ connectorId: 'phantom', namespace: 'bip122' })
    expect(portico.stores.connections.get('bip122').accounts).toEqual([
      { address: keyring.payment.address, type: 'payment' },
      { address: keyring.taproot.address, type: 'ordinal' },
    ])
    phantom.emit([{ address: keyring.payment.address, addressType: 'p2wpkh', publicKey: bytesToHex(keyring.payment.publicKey), purpose: 'payment' }])
    await expect.poll(() => portico.stores.connections.get('bip122').accounts.length).toBe(1)
    phantom.emit([])
    await expect.poll(() => portico.getState().connections.bip122?.status).toBe('disconnected')
    expect(phantom.listeners()).toBe(0)
  })

  it('signs messages as bytes (BIP-322, checked with bitcoinjs-lib) and PSBTs as bytes with inputsToSign; hex answers are taken too', async () => {
    const phantom = phantomLike()
    const wallet = phantomBitcoinWallet(phantom.wallet)!
    const { signature } = await wallet.signMessage({ address: keyring.payment.address, message: 'hi' })
    expect(phantom.calls.at(-1)!.args[1]).toEqual(new TextEncoder().encode('hi'))
    expect(verifyBip322(keyring.payment.address, 'hi', signature)).toBe(true)
    const receiver = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(Buffer.alloc(32, 3), true)!), network: bitcoin.networks.regtest }).address!
    expect(await sendBitcoin({ wallet, network, from: keyring.payment.address, to: receiver, amount: '0.0001' })).toMatch(/^[0-9a-f]{64}$/)
    const [bytes, options] = phantom.calls.find((c) => c.method === 'signPSBT')!.args as [Uint8Array, unknown]
    expect(bytes).toBeInstanceOf(Uint8Array)
    expect(options).toEqual({ inputsToSign: [{ address: keyring.payment.address, signingIndexes: [0] }] })
    const hexAnswer = phantomBitcoinWallet({ ...phantom.wallet, signPSBT: async (psbt: Uint8Array, o: unknown) => hex.encode((await (phantom.wallet.signPSBT as (p: Uint8Array, o: unknown) => Promise<Uint8Array>)(psbt, o))) })!
    const other = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(Buffer.alloc(32, 4), true)!), network: bitcoin.networks.regtest }).address!
    expect(await sendBitcoin({ wallet: hexAnswer, network, from: keyring.payment.address, to: other, amount: '0.0001' })).toMatch(/^[0-9a-f]{64}$/)
  })

  it('malformed answers and refusals are typed errors', async () => {
    const bad = phantomBitcoinWallet({ ...phantomLike().wallet, requestAccounts: async () => ({ address: 'x' }), signMessage: async () => ({ signature: 'not bytes' }), signPSBT: async () => 'cHNidP8=' })!
    expect((await failure(() => bad.connect())).message).toContain('Phantom answered requestAccounts with no list of accounts')
    expect((await failure(() => bad.signMessage({ address: keyring.payment.address, message: 'x' }))).message).toContain('Phantom returned no signature')
    expect((await failure(() => bad.signPsbt!({ psbt: base64.encode(new Transaction().toPSBT()), inputs: [{ address: keyring.payment.address, index: 0 }] }))).message).toContain('Phantom returned no PSBT')
    const refusing = phantomBitcoinWallet({ ...phantomLike().wallet, requestAccounts: async () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })) })!
    expect((await failure(() => refusing.connect())).code).toBe(4001)
  })
})

describe("the site's signer (portico.getSigner('bip122')) in Unisat's and Phantom's dialects", () => {
  const scriptOf = (address: string) => OutScript.encode(Address(regtestNetwork).decode(address))
  const memo = (text: string) => Script.encode(['RETURN', new TextEncoder().encode(text)])
  const utxo = (address: string) => esplora.ledger.utxos(scriptOf(address)).sort((a, b) => (b.value > a.value ? 1 : -1))[0]!
  async function connected(root: object, connectorId: string) {
    const portico = start(root)
    await portico.ready()
    const signer = await portico.getSigner('bip122')
    await portico.discoverWallets('bip122')
    await portico.connect({ connectorId, namespace: 'bip122' })
    return signer
  }

  it("Unisat: a hex PSBT whose toSignInputs carry each input's sighash types; ECDSA messages as 'ecdsa'; the ledger takes the transaction", async () => {
    await esplora.ledger.fund(keyring.payment.address, 80_000n)
    await esplora.ledger.fund(keyring.payment.address, 70_000n)
    const { wallet, calls } = unisatLike(() => keyring.payment)
    const signer = await connected({ unisat: wallet }, 'unisat')
    const [a, b] = esplora.ledger.utxos(scriptOf(keyring.payment.address)).sort((x, y) => (y.value > x.value ? 1 : -1))
    const tx = new Transaction({ allowUnknownOutputs: true })
    for (const u of [a!, b!]) tx.addInput({ txid: u.txid, index: u.vout, witnessUtxo: { script: u.script, amount: u.value } })
    tx.addOutput({ script: memo('unisat'), amount: 0n })
    tx.addOutput({ script: scriptOf(keyring.payment.address), amount: a!.value + b!.value - 800n })
    const { txid } = await signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [keyring.payment.address]: [0, 1] }, sighashTypes: { 1: [SigHash.ALL_ANYONECANPAY] }, broadcast: true })
    const [, options] = calls.find((c) => c.method === 'signPsbt')!.args as [string, unknown]
    expect(options).toEqual({ autoFinalized: false, toSignInputs: [{ index: 0, address: keyring.payment.address }, { index: 1, address: keyring.payment.address, sighashTypes: [SigHash.ALL_ANYONECANPAY] }] })
    const onChain = esplora.ledger.transaction(txid!)!
    expect(onChain.tx.getInput(1).finalScriptWitness![0]!.at(-1)).toBe(SigHash.ALL_ANYONECANPAY)
    await signer.signMessage({ message: 'legacy', protocol: 'ecdsa' })
    expect(calls.at(-1)).toEqual({ method: 'signMessage', args: ['legacy', 'ecdsa'] })
  })

  it('Phantom: inputsToSign grouped by address with sigHash; an ECDSA message is refused before Phantom is asked; a transfer without sendTransfer is a PSBT the plugin builds', async () => {
    await esplora.ledger.fund(keyring.payment.address, 90_000n)
    await esplora.ledger.fund(keyring.taproot.address, 50_000n)
    const phantom = phantomLike()
    const signer = await connected({ phantom: { bitcoin: phantom.wallet } }, 'phantom')
    const [pay, inscription] = [utxo(keyring.payment.address), utxo(keyring.taproot.address)]
    const tx = new Transaction({ allowUnknownOutputs: true })
    tx.addInput({ txid: pay.txid, index: pay.vout, witnessUtxo: { script: pay.script, amount: pay.value } })
    tx.addInput({ txid: inscription.txid, index: inscription.vout, witnessUtxo: { script: inscription.script, amount: inscription.value }, tapInternalKey: keyring.taproot.publicKey.subarray(1) })
    tx.addOutput({ script: memo('phantom'), amount: 0n })
    tx.addOutput({ script: scriptOf(keyring.payment.address), amount: pay.value + inscription.value - 900n })
    const { txid } = await signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [keyring.payment.address]: [0], [keyring.taproot.address]: [1] }, sighashTypes: { 1: [SigHash.ALL] }, broadcast: true })
    const [, options] = phantom.calls.filter((c) => c.method === 'signPSBT').at(-1)!.args as [Uint8Array, unknown]
    expect(options).toEqual({ inputsToSign: [{ address: keyring.payment.address, signingIndexes: [0] }, { address: keyring.taproot.address, signingIndexes: [1], sigHash: SigHash.ALL }] })
    expect(esplora.ledger.transaction(txid!)!.tx.inputsLength).toBe(2)
    const asked = phantom.calls.length
    expect(await signer.signMessage({ message: 'x', protocol: 'ecdsa' }).catch((e: unknown) => e)).toBeInstanceOf(BitcoinWalletFeatureError)
    expect(phantom.calls.length).toBe(asked)
    const receiver = bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(Buffer.alloc(32, 5), true)!), network: bitcoin.networks.regtest }).address!
    const paid = await signer.sendTransfer({ recipients: [{ address: receiver, amount: 4_000n }] })
    expect(esplora.ledger.transaction(paid.txid)).toBeDefined()
    expect(phantom.calls.at(-1)!.method).toBe('signPSBT')
  })
})
