import '../../helpers/bip122Loaded.js'
// The bip122 signer (`portico.getSigner('bip122')`, issue 47) against the sandbox's Bitcoin dev
// wallet (WBIP004, sats-connect's shapes) and Leather persona (its own `{ hex, signAtIndex }`
// dialect) on the in-process regtest ledger, which checks every signature. PSBTs are built as a
// site builds them, with @scure/btc-signer; what lands is read back from the ledger. Refusals: the
// visitor's (4001), another network's (before the wallet is asked), the chain's (with its reason),
// and malformed arguments (typed, before the wallet is asked).
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import * as bitcoin from 'bitcoinjs-lib'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js'
import { Address, OutScript, Script, SigHash, Transaction } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainNotSupportedError, createPorticoKernel, NotConnectedError, ProviderRpcError, type Portico } from '../../../kernel/kernel.js'
import { bip122, bitcoinMainnet, bitcoinRegtest, defineBitcoinNetwork, type Bip122Signer } from '../../../plugins/bip122/index.js'
import { BitcoinAmountError, BitcoinSignRequestError, BitcoinTransactionRejectedError } from '../../../plugins/bip122/errors.js'
import { regtestNetwork } from '../../../sandbox/bitcoin/bitcoinSandboxChain.js'
import { devBitcoinAddress, devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath } from '../../../sandbox/bitcoin/devBitcoin.js'
import { startBitcoinEsplora, type BitcoinEsplora } from '../../../sandbox/bitcoin/startBitcoinEsplora.js'
import { createBitcoinDevWallet } from '../../../sandbox/bitcoinWallet/createBitcoinDevWallet.js'
import { signBip122SiteTransaction } from '../../../sandbox/demo/siteTransactions/signBip122SiteTransaction.js'
import { createLeatherWallet, leatherBitcoinMethods, leatherListing } from '../../../sandbox/personas/leather/createLeatherWallet.js'
import { bitcoinKeyring } from '../../../sandbox/personas/shared/bitcoinKeyring.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { verifyBip322 } from '../../sandbox/bitcoinWallet/verifyBip322.js'

bitcoin.initEccLib(ecc)
let esplora: BitcoinEsplora
let network: ReturnType<typeof defineBitcoinNetwork>
let dev: ReturnType<typeof createBitcoinDevWallet>
const walletId = 'PorticoDevWalletBitcoin'
const created: Portico[] = []
const mainnetAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

beforeAll(async () => {
  esplora = await startBitcoinEsplora({ blockIntervalMs: 0 })
  dev = createBitcoinDevWallet({ paymentKey: devBitcoinKey(), ordinalsKey: devBitcoinKeyAt(devBitcoinOrdinalsPath), esploraUrl: esplora.apiUrl, icon: 'data:image/svg+xml;base64,PHN2Zy8+' })
  for (const sats of [400_000n, 300_000n, 200_000n]) await esplora.ledger.fund(devBitcoinAddress, sats)
  await esplora.ledger.fund(dev.control.ordinalsAddress, 150_000n)
  network = defineBitcoinNetwork({ reference: bitcoinRegtest.id as string, name: 'Regtest', rpcUrls: [esplora.apiUrl] })
})
afterAll(async () => {
  await Promise.all(created.map((p) => p.destroy()))
  await esplora?.stop()
})

/** A kernel with the bip122 plugin over `root` (the page the wallet is injected into), connected to `connectorId`. */
async function connect(root: Record<string, unknown>, connectorId: string) {
  const portico = createPorticoKernel({ projectId: 'test', networks: [network, bitcoinMainnet], plugins: [bip122({ confirmTimeoutMs: 0 }, { root })], storage: memoryStorage() })
  created.push(portico)
  await portico.ready()
  const signer: Bip122Signer = await portico.getSigner('bip122')
  await portico.discoverWallets('bip122')
  await portico.connect({ connectorId, namespace: 'bip122' })
  return { portico, signer }
}
const devPage = () => ({ [walletId]: dev.provider, btc_providers: [{ id: walletId, name: dev.provider.name, icon: dev.provider.icon, methods: dev.provider.methods }] })
const devRequests = () => dev.control.activity().filter((a) => a.method !== 'getInfo').length

const fresh = () => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(randomBytes(32), true)!), network: bitcoin.networks.regtest }).address!
const satsOf = (address: string) => esplora.ledger.utxos(esplora.ledger.scriptOf(address)).reduce((sum, u) => sum + u.value, 0n)
const utxosOf = (address: string) => esplora.ledger.utxos(esplora.ledger.scriptOf(address)).sort((a, b) => (b.value > a.value ? 1 : -1))
const scriptOf = (address: string) => OutScript.encode(Address(regtestNetwork).decode(address))
const opReturn = (text: string) => Script.encode(['RETURN', new TextEncoder().encode(text)])

/** A site's PSBT spending the given UTXOs of `address` to an OP_RETURN output and `to`. */
function sitePsbt(spent: { txid: string; vout: number; value: bigint; script: Uint8Array; tapInternalKey?: Uint8Array }[], outputs: { script: Uint8Array; amount: bigint }[]) {
  const tx = new Transaction({ allowUnknownOutputs: true })
  for (const u of spent) tx.addInput({ txid: u.txid, index: u.vout, witnessUtxo: { script: u.script, amount: u.value }, ...(u.tapInternalKey ? { tapInternalKey: u.tapInternalKey } : {}) })
  for (const o of outputs) tx.addOutput(o)
  return tx
}

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a failure')
}

describe('the bip122 signer over the dev wallet (WBIP004)', () => {
  it('refuses every member with NotConnectedError before a connection, asking no wallet', async () => {
    const portico = createPorticoKernel({ projectId: 'test', networks: [network], plugins: [bip122({}, { root: devPage() })], storage: memoryStorage() })
    created.push(portico)
    await portico.ready()
    const signer = await portico.getSigner('bip122')
    const before = devRequests()
    for (const call of [() => signer.getAddresses(), () => signer.signPsbt({ psbt: 'x', signInputs: {} }), () => signer.sendTransfer({ recipients: [] }), () => signer.signMessage({ message: 'x' })]) {
      expect(await failure(call)).toBeInstanceOf(NotConnectedError)
    }
    expect(devRequests()).toBe(before)
  })

  it("signs a site's PSBT of two inputs (P2WPKH payment and P2TR ordinals, each by its own address) and an OP_RETURN output, broadcast and accepted by the ledger", async () => {
    const { signer } = await connect(devPage(), walletId)
    const addresses = await signer.getAddresses()
    expect(addresses.map((a) => [a.address, a.purpose])).toEqual([
      [devBitcoinAddress, 'payment'],
      [dev.control.ordinalsAddress, 'ordinal'],
    ])
    const ordinals = addresses[1]!
    const [pay] = utxosOf(devBitcoinAddress)
    const [inscription] = utxosOf(ordinals.address)
    const receiver = fresh()
    const tx = sitePsbt(
      [
        { ...pay!, script: scriptOf(devBitcoinAddress) },
        // A Taproot key-path input names its internal key (BIP-371): the x-only public key the wallet shared.
        { ...inscription!, script: scriptOf(ordinals.address), tapInternalKey: Uint8Array.from(Buffer.from(ordinals.publicKey!.slice(-64), 'hex')) },
      ],
      [
        { script: opReturn('portico signer'), amount: 0n },
        { script: scriptOf(receiver), amount: 100_000n },
        { script: scriptOf(devBitcoinAddress), amount: pay!.value + inscription!.value - 100_000n - 1_000n },
      ],
    )
    const { psbt, txid } = await signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [devBitcoinAddress]: [0], [ordinals.address]: [1] }, broadcast: true })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const onChain = esplora.ledger.transaction(txid!)!
    expect(onChain.tx.inputsLength).toBe(2)
    expect(bytesToHex(onChain.tx.getOutput(0).script!)).toBe(bytesToHex(opReturn('portico signer')))
    expect(satsOf(receiver)).toBe(100_000n)
    // The answer is the finalized PSBT of that transaction.
    expect(Transaction.fromPSBT(base64.decode(psbt)).id).toBe(txid)
    // What the wallet was asked: sats-connect's signInputs by address, never to broadcast.
    expect(dev.control.activity().at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
    esplora.ledger.mine()
    expect(esplora.ledger.status(onChain)).toMatchObject({ confirmed: true })
  })

  it('signs an input with the sighash type asked (SIGHASH_ALL|ANYONECANPAY goes into the PSBT), leaves the PSBT unfinalized unless asked, and finalizes on request', async () => {
    const { signer } = await connect(devPage(), walletId)
    const [a, b] = utxosOf(devBitcoinAddress)
    const script = scriptOf(devBitcoinAddress)
    const tx = sitePsbt([{ ...a!, script }, { ...b!, script }], [{ script: opReturn('anyone can pay'), amount: 0n }, { script, amount: a!.value + b!.value - 1_000n }])
    const partial = await signer.signPsbt({ psbt: base64.encode(tx.toPSBT()), signInputs: { [devBitcoinAddress]: [0, 1] }, sighashTypes: { 1: [SigHash.ALL_ANYONECANPAY] } })
    expect(partial.txid).toBeUndefined()
    const signed = Transaction.fromPSBT(base64.decode(partial.psbt))
    expect(signed.getInput(0).finalScriptWitness).toBeUndefined()
    expect(signed.getInput(1).sighashType).toBe(SigHash.ALL_ANYONECANPAY)
    expect(signed.getInput(1).partialSig![0]![1].at(-1)).toBe(SigHash.ALL_ANYONECANPAY)
    expect(signed.getInput(0).partialSig![0]![1].at(-1)).toBe(SigHash.ALL)
    // The site finalizes and broadcasts this one itself: the ledger checks both hash types' signatures.
    signed.finalize()
    const response = await fetch(`${esplora.apiUrl}/tx`, { method: 'POST', body: signed.hex })
    expect(await response.text()).toBe(signed.id)
    // `finalize` on a fresh PSBT: every input final, nothing broadcast.
    const [c, d] = utxosOf(devBitcoinAddress)
    const next = sitePsbt([{ ...c!, script }, { ...d!, script }], [{ script, amount: c!.value + d!.value - 1_000n }])
    const final = Transaction.fromPSBT(base64.decode((await signer.signPsbt({ psbt: next.toPSBT(), signInputs: { [devBitcoinAddress]: [0, 1] }, finalize: true })).psbt))
    expect(final.isFinal).toBe(true)
    expect(esplora.ledger.transaction(final.id)).toBeUndefined()
  })

  it('sends to several recipients in one PSBT at the fee rate asked, and to one recipient through the wallet\'s own sendTransfer', async () => {
    const { signer } = await connect(devPage(), walletId)
    const [first, second] = [fresh(), fresh()]
    const { txid } = await signer.sendTransfer({ recipients: [{ address: first, amount: 12_345n }, { address: second, amount: '23456' }], feeRate: 3 })
    const sent = esplora.ledger.transaction(txid)!
    expect(satsOf(first)).toBe(12_345n)
    expect(satsOf(second)).toBe(23_456n)
    expect(dev.control.activity().at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
    // At least 3 sat/vB of the transaction's real size.
    expect(sent.fee).toBeGreaterThanOrEqual(BigInt(sent.tx.vsize * 3))
    const single = fresh()
    const { txid: paid } = await signer.sendTransfer({ recipients: [{ address: single, amount: 5_000 }] })
    expect(esplora.ledger.transaction(paid)).toBeDefined()
    expect(satsOf(single)).toBe(5_000n)
    expect(dev.control.activity().at(-1)).toEqual({ method: 'sendTransfer', outcome: 'approved' })
  })

  it('signs messages: BIP-322 by default (verified by bitcoinjs-lib), ECDSA (BIP-137) when asked (the public key recovered is the address\'s)', async () => {
    const { signer } = await connect(devPage(), walletId)
    const bip322 = await signer.signMessage({ message: 'site message' })
    expect(bip322.address).toBe(devBitcoinAddress)
    expect(verifyBip322(devBitcoinAddress, 'site message', bip322.signature)).toBe(true)
    expect(verifyBip322(devBitcoinAddress, 'site message!', bip322.signature)).toBe(false)
    const ecdsa = await signer.signMessage({ message: 'site message', protocol: 'ecdsa' })
    const bytes = base64.decode(ecdsa.signature)
    const text = new TextEncoder().encode('site message')
    const digest = sha256(sha256(concatBytes(new TextEncoder().encode('\x18Bitcoin Signed Message:\n'), Uint8Array.of(text.length), text)))
    const recovered = secp256k1.Signature.fromCompact(bytes.subarray(1)).addRecoveryBit((bytes[0]! - 27) & 3).recoverPublicKey(digest).toRawBytes(true)
    expect(bytesToHex(ripemd160(sha256(recovered)))).toBe(bytesToHex((Address(regtestNetwork).decode(devBitcoinAddress) as { hash: Uint8Array }).hash))
  })

  it('a refusal in the wallet is a ProviderRpcError with code 4001; nothing reaches the ledger', async () => {
    const { signer } = await connect(devPage(), walletId)
    esplora.ledger.mine()
    const [a, b] = utxosOf(devBitcoinAddress)
    const script = scriptOf(devBitcoinAddress)
    const tx = sitePsbt([{ ...a!, script }, { ...b!, script }], [{ script: opReturn('refused'), amount: 0n }, { script, amount: a!.value + b!.value - 1_000n }])
    dev.control.setMode('reject')
    try {
      const refused = await failure(() => signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [devBitcoinAddress]: [0, 1] }, broadcast: true }))
      expect(refused).toBeInstanceOf(ProviderRpcError)
      expect((refused as ProviderRpcError).code).toBe(4001)
      expect((refused as ProviderRpcError).isUserRejection).toBe(true)
      expect(dev.control.activity().at(-1)).toEqual({ method: 'signPsbt', outcome: 'rejected' })
      const transfer = await failure(() => signer.sendTransfer({ recipients: [{ address: fresh(), amount: 1_000n }] }))
      expect((transfer as ProviderRpcError).isUserRejection).toBe(true)
    } finally {
      dev.control.setMode('approve')
    }
    expect(esplora.ledger.hasMempool()).toBe(false)
    expect(esplora.ledger.utxos(script).some((u) => u.txid === a!.txid && u.vout === a!.vout)).toBe(true)
  })

  it('another network is refused with ChainNotSupportedError before the wallet is asked (the wallet saw no request)', async () => {
    const { signer } = await connect(devPage(), walletId)
    const before = devRequests()
    const [a] = utxosOf(devBitcoinAddress)
    const tx = sitePsbt([{ ...a!, script: scriptOf(devBitcoinAddress) }], [{ script: opReturn('x'), amount: 0n }])
    const refusals = [
      await failure(() => signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [mainnetAddress]: [0] } })),
      await failure(() => signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [devBitcoinAddress]: [0] }, network: bitcoinMainnet.caipNetworkId })),
      await failure(() => signer.sendTransfer({ recipients: [{ address: mainnetAddress, amount: 1_000n }] })),
      await failure(() => signer.sendTransfer({ recipients: [{ address: fresh(), amount: 1_000n }], network: bitcoinMainnet.caipNetworkId })),
      await failure(() => signer.signMessage({ message: 'x', address: mainnetAddress })),
    ]
    for (const error of refusals) expect(error).toBeInstanceOf(ChainNotSupportedError)
    expect(refusals[0]!.message).toContain('Connected on: bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(refusals[0]!.message).toContain('Network: bip122:000000000019d6689c085ae165831e93')
    expect(devRequests()).toBe(before)
  })

  it("a transaction the chain refuses says why: the node's reason and code, after the wallet signed", async () => {
    const { signer } = await connect(devPage(), walletId)
    const [a] = utxosOf(devBitcoinAddress)
    const script = scriptOf(devBitcoinAddress)
    // No fee at all: the ledger, like bitcoind, refuses it below the minimum relay fee.
    const free = sitePsbt([{ ...a!, script }], [{ script: opReturn('no fee'), amount: 0n }, { script, amount: a!.value }])
    const refused = await failure(() => signer.signPsbt({ psbt: free.toPSBT(), signInputs: { [devBitcoinAddress]: [0] }, broadcast: true }))
    expect(refused).toBeInstanceOf(BitcoinTransactionRejectedError)
    expect((refused as BitcoinTransactionRejectedError).reason).toMatch(/^min relay fee not met, 0 < \d+$/)
    expect((refused as BitcoinTransactionRejectedError).rpcCode).toBe(-26)
    expect(dev.control.activity().at(-1)).toEqual({ method: 'signPsbt', outcome: 'approved' })
    // A UTXO spent already (by a first, accepted transaction).
    const spend = sitePsbt([{ ...a!, script }], [{ script, amount: a!.value - 500n }])
    await signer.signPsbt({ psbt: spend.toPSBT(), signInputs: { [devBitcoinAddress]: [0] }, broadcast: true })
    const again = sitePsbt([{ ...a!, script }], [{ script: scriptOf(fresh()), amount: a!.value - 800n }])
    const double = await failure(() => signer.signPsbt({ psbt: again.toPSBT(), signInputs: { [devBitcoinAddress]: [0] }, broadcast: true }))
    expect((double as BitcoinTransactionRejectedError).reason).toBe('txn-mempool-conflict')
    expect(double.message).toContain('Regtest refused the transaction: txn-mempool-conflict')
  })

  it('malformed arguments get typed errors and reach no wallet', async () => {
    const { signer } = await connect(devPage(), walletId)
    const before = devRequests()
    const [a] = utxosOf(devBitcoinAddress)
    const taproot = dev.control.ordinalsAddress
    const tx = sitePsbt([{ ...a!, script: scriptOf(devBitcoinAddress) }], [{ script: opReturn('x'), amount: 0n }])
    const psbt = tx.toPSBT()
    const noUtxo = new Transaction()
    noUtxo.addInput({ txid: a!.txid, index: a!.vout })
    noUtxo.addOutput({ script: scriptOf(devBitcoinAddress), amount: 1_000n })
    const cases: [() => Promise<unknown>, new (...args: never[]) => Error, RegExp][] = [
      [() => signer.signPsbt({ psbt: 'not a psbt', signInputs: { [devBitcoinAddress]: [0] } }), BitcoinSignRequestError, /Not a PSBT|psbt must be a PSBT/],
      [() => signer.signPsbt({ psbt: new Uint8Array([1, 2, 3]), signInputs: { [devBitcoinAddress]: [0] } }), BitcoinSignRequestError, /Not a PSBT/],
      [() => signer.signPsbt({ psbt, signInputs: { [devBitcoinAddress]: [1] } }), BitcoinSignRequestError, /Input 1 is out of range: the PSBT has 1 input/],
      [() => signer.signPsbt({ psbt, signInputs: { [devBitcoinAddress]: [-1] } }), BitcoinSignRequestError, /out of range/],
      [() => signer.signPsbt({ psbt, signInputs: { [devBitcoinAddress]: [0.5] } }), BitcoinSignRequestError, /out of range/],
      [() => signer.signPsbt({ psbt, signInputs: { 'not-an-address': [0] } }), BitcoinSignRequestError, /is not a Bitcoin address/],
      [() => signer.signPsbt({ psbt, signInputs: { [taproot]: [0] } }), BitcoinSignRequestError, /Input 0 does not spend an output of/],
      [() => signer.signPsbt({ psbt, signInputs: { [devBitcoinAddress]: [0], [taproot]: [0] } }), BitcoinSignRequestError, /named twice/],
      [() => signer.signPsbt({ psbt, signInputs: {} }), BitcoinSignRequestError, /signInputs must name/],
      [() => signer.signPsbt({ psbt, signInputs: { [devBitcoinAddress]: [0] }, sighashTypes: { 0: [0] } }), BitcoinSignRequestError, /Sighash type 0 is not one input 0 \(SegWit v0\) can use/],
      [() => signer.signPsbt({ psbt, signInputs: { [devBitcoinAddress]: [0] }, sighashTypes: { 3: [1] } }), BitcoinSignRequestError, /names input 3, which signInputs does not sign/],
      [() => signer.signPsbt({ psbt: noUtxo.toPSBT(), signInputs: { [devBitcoinAddress]: [0] } }), BitcoinSignRequestError, /carries no witnessUtxo/],
      [() => signer.sendTransfer({ recipients: [{ address: 'bcrt1qnotanaddress', amount: 1_000n }] }), BitcoinAmountError, /is not a Bitcoin address/],
      [() => signer.sendTransfer({ recipients: [{ address: fresh(), amount: 100n }] }), BitcoinAmountError, /at least 294 sats/],
      [() => signer.sendTransfer({ recipients: [{ address: fresh(), amount: '1.5' }] }), BitcoinAmountError, /whole sats/],
      [() => signer.sendTransfer({ recipients: [{ address: fresh(), amount: 1_000n }], feeRate: -1 }), BitcoinAmountError, /feeRate/],
      [() => signer.sendTransfer({ recipients: [] }), BitcoinAmountError, /one to 100 recipients/],
      [() => signer.signMessage({ message: 42 as unknown as string }), BitcoinSignRequestError, /needs \{ message \}/],
      [() => signer.signMessage({ message: 'x', protocol: 'schnorr' as 'ecdsa' }), BitcoinSignRequestError, /protocol must be/],
    ]
    for (const [call, type, message] of cases) {
      const error = await failure(call)
      expect(error, String(call)).toBeInstanceOf(type)
      expect(error.message, String(call)).toMatch(message)
    }
    expect(devRequests()).toBe(before)
  })

  it('follows the connection: after a disconnect the same signer refuses again', async () => {
    const { portico, signer } = await connect(devPage(), walletId)
    expect((await signer.getAddresses())[0]?.address).toBe(devBitcoinAddress)
    await portico.disconnect('bip122')
    expect(await failure(() => signer.getAddresses())).toBeInstanceOf(NotConnectedError)
  })
})

describe('the bip122 signer over Leather (its own dialect: signPsbt { hex, signAtIndex, allowedSighash })', () => {
  it("signs the demo's transaction (two inputs, OP_RETURN) in Leather's shapes; the ledger accepts it", async () => {
    const leather = createLeatherWallet()
    leather.wallet.define('bip122', leatherBitcoinMethods({ keyring: bitcoinKeyring(0), esplora: { url: esplora.apiUrl } }))
    const requests: { method: string; params: unknown }[] = []
    const provider = { ...leather.provider, request: (method: string, params?: unknown) => (requests.push({ method, params }), leather.provider.request(method, params)) }
    const { signer } = await connect({ LeatherProvider: provider, btc_providers: [{ ...leatherListing }] }, 'LeatherProvider')
    const { txid, inputs } = await signBip122SiteTransaction({ signer, esploraUrl: esplora.apiUrl, network: regtestNetwork, memo: 'hello from Leather' })
    expect(inputs).toBe(2)
    const onChain = esplora.ledger.transaction(txid)!
    expect(onChain.tx.inputsLength).toBe(2)
    expect(bytesToHex(onChain.tx.getOutput(0).script!)).toBe(bytesToHex(opReturn('hello from Leather')))
    const asked = requests.filter((r) => r.method === 'signPsbt').at(-1)?.params as Record<string, unknown>
    expect(Object.keys(asked).sort()).toEqual(['broadcast', 'hex', 'network', 'signAtIndex'])
    expect(asked).toMatchObject({ signAtIndex: [0, 1], network: 'devnet', broadcast: false })
    // One input allowed SIGHASH_SINGLE only: Leather hears `allowedSighash` (for all inputs: the other keeps its default), and signs with the type the PSBT names.
    for (const sats of [70_000n, 60_000n]) await esplora.ledger.fund(devBitcoinAddress, sats)
    const [a, b] = utxosOf(devBitcoinAddress)
    const script = scriptOf(devBitcoinAddress)
    const tx = sitePsbt([{ ...a!, script }, { ...b!, script }], [{ script, amount: a!.value - 600n }, { script, amount: b!.value - 600n }])
    const { psbt } = await signer.signPsbt({ psbt: tx.toPSBT(), signInputs: { [devBitcoinAddress]: [0, 1] }, sighashTypes: { 0: [SigHash.SINGLE] }, broadcast: true })
    expect((requests.filter((r) => r.method === 'signPsbt').at(-1)?.params as Record<string, unknown>).allowedSighash).toEqual([SigHash.DEFAULT, SigHash.ALL, SigHash.SINGLE])
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    expect(signed.getInput(0).finalScriptWitness![0]!.at(-1)).toBe(SigHash.SINGLE)
    expect(esplora.ledger.transaction(signed.id)).toBeDefined()
  })
})
