import { Transaction } from '@scure/btc-signer'
import { base64, hex } from '@scure/base'
import { ProviderRpcError, callJsonApi, type CaipNetworkId, type ConnectionChannel, type Network } from '../../../kernel/kernel.js'
import { invalidParams } from '../eip155/readTransaction.js'
import { toLedgerPath } from '../utils/derivationPaths.js'
import { bech32Prefix, bitcoinApp, bitcoinAppOf, bitcoinPublicKey, runBitcoinApp, isTaprootPath, keyHash, taprootOutputKey, type BitcoinAppName } from './bitcoinApp.js'
import type { LedgerHttpChannelParameters } from '../chains/types.js'

/** The bip122 methods a Ledger connection answers (WalletConnect's bip122 vocabulary; docs/guides/hardware-wallets.md §2). */
export const bip122LedgerMethods = ['getAccountAddresses', 'signMessage', 'sendTransfer', 'signPsbt'] as const

/** The shared channel parameters (`LedgerHttpChannelParameters`, chains/types.ts). */
export type Bip122ChannelParameters = LedgerHttpChannelParameters

/** Outputs below this are dust the network does not relay (P2WPKH at 3 sat/vB; P2TR's is 330). */
const dustLimitSats = 294n
const taprootDustLimitSats = 330n
/** Virtual size of a P2WPKH transaction of `inputs` inputs and `outputs` outputs (rounded up). */
const vsize = (inputs: number, outputs: number) => BigInt(11 + 68 * inputs + 31 * outputs)
/** The same for P2TR key-path inputs (57.5 vB) and outputs (43 vB), rounded up. */
const taprootVsize = (inputs: number, outputs: number) => BigInt(11 + 58 * inputs + 43 * outputs)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const hardened = 0x8000_0000

/** A path's indexes (`m/84'/1'/0'/0/0` ⇒ `[0x80000054, 0x80000001, 0x80000000, 0, 0]`). */
function pathIndexes(path: string): number[] {
  return toLedgerPath(path)
    .split('/')
    .map((step) => (/['h]$/.test(step) ? Number(step.slice(0, -1)) + hardened : Number(step)))
}

/**
 * The Ledger connection's channel for bip122 (docs/guides/hardware-wallets.md §2), in WalletConnect's
 * bip122 vocabulary as `portico/bip122` sends it: `getAccountAddresses`, `signMessage` (the app's
 * Bitcoin message signing, BIP-137 form, base64), `sendTransfer` (a PSBT of the account's UTXOs
 * from the network's Esplora API, signed with SIGN_PSBT, broadcast there) and `signPsbt` (the
 * account's inputs signed; broadcast on request). `account` must be the chosen address. The device
 * app follows the request's network ("Bitcoin" on mainnet, "Bitcoin Test" elsewhere); a BIP-86 path
 * (`m/86'/…`) is a taproot account (P2TR key-path spends, Schnorr signatures), any other a native
 * segwit one.
 *
 * @example
 * const channel = createBip122Channel({ device, path: "m/84'/1'/0'/0/0", address, networks: () => networks })
 * await channel.request({ method: 'signMessage', params: { account: address, message: 'hello' }, chainId })
 */
export function createBip122Channel({ device, path, address, networks, fetch: fetchFn }: Bip122ChannelParameters): ConnectionChannel {
  const indexes = pathIndexes(path)
  const accountPath = toLedgerPath(path).split('/').slice(0, 3).join('/')
  const taproot = isTaprootPath(path)
  const publicKeys = new Map<BitcoinAppName, Promise<Uint8Array>>()
  const ownKey = (app: BitcoinAppName): Promise<Uint8Array> => {
    const known = publicKeys.get(app)
    if (known) return known
    const reading = bitcoinPublicKey(device, path, app).catch((error: unknown) => {
      publicKeys.delete(app)
      throw error
    })
    publicKeys.set(app, reading)
    return reading
  }
  const appOf = (chainId: CaipNetworkId): BitcoinAppName => bitcoinAppOf(networks().find((n) => n.caipNetworkId === chainId))
  /** The account's output script: P2TR of the key's BIP-86 output key, or P2WPKH of its hash. */
  const scriptOf = (key: Uint8Array) => (taproot ? Uint8Array.of(0x51, 0x20, ...taprootOutputKey(key)) : Uint8Array.of(0x00, 0x14, ...keyHash(key)))

  const networkOf = (chainId: CaipNetworkId): Network => {
    const network = networks().find((n) => n.caipNetworkId === chainId)
    if (!network?.rpcUrls.default.http[0]) throw invalidParams(`No configured network ${String(chainId).slice(0, 60)}`)
    return network
  }
  const esplora = <T>(network: Network, request: { path: string; rawBody?: string; as?: 'json' | 'text' }) =>
    callJsonApi<T>({
      baseUrl: network.rpcUrls.default.http[0]!,
      ...request,
      ...(fetchFn ? { fetch: fetchFn } : {}),
      timeoutMs: 20_000,
      errorMessage: (answer) => (typeof answer === 'string' ? answer.trim() || undefined : JSON.stringify(answer)),
      toError: (failure) => new ProviderRpcError({ code: -32603, message: `The Esplora API of ${network.name} answered ${failure.path}: ${failure.message.slice(0, 300)}` }),
    }) as Promise<T>

  /** Signs `psbt` on the device (the account's inputs); finalized and extracted with `finalize`. */
  async function sign(psbt: Uint8Array, finalize: boolean, app: BitcoinAppName): Promise<{ psbt: Uint8Array; tx?: string }> {
    const key = await ownKey(app)
    // Where the account's key is, for the inputs and change outputs the PSBT gives no derivation for (keyed by the
    // script's program: the key hash, or the taproot output key).
    const knownAddressDerivations = new Map([[hex.encode(scriptOf(key).slice(2)), { pubkey: Buffer.from(key), path: indexes }]])
    const signed = await runBitcoinApp(device, app, (transport) =>
      bitcoinApp(transport, app).signPsbtBuffer(Buffer.from(psbt), { finalizePsbt: finalize, accountPath, addressFormat: taproot ? 'bech32m' : 'bech32', knownAddressDerivations }),
    )
    return { psbt: new Uint8Array(signed.psbt), ...(signed.tx ? { tx: signed.tx } : {}) }
  }

  async function broadcast(network: Network, rawHex: string): Promise<string> {
    const txid = await esplora<string>(network, { path: '/tx', rawBody: rawHex, as: 'text' })
    if (!/^[0-9a-f]{64}$/.test(txid ?? '')) throw new ProviderRpcError({ code: -32603, message: 'The Esplora API answered the broadcast with no txid' })
    return txid
  }

  async function sendTransfer(params: Record<string, unknown>, network: Network): Promise<{ txid: string }> {
    const { recipientAddress, amount } = params
    if (params.changeAddress !== undefined || params.memo !== undefined) throw invalidParams('A Ledger transfer takes no changeAddress or memo: sign a PSBT with those outputs instead')
    if (typeof recipientAddress !== 'string' || recipientAddress.length > 100 || typeof amount !== 'string' || !/^\d{1,16}$/.test(amount)) throw invalidParams('sendTransfer needs a recipientAddress and an amount in sats (a string of digits)')
    const sats = BigInt(amount)
    const dust = taproot ? taprootDustLimitSats : dustLimitSats
    const size = taproot ? taprootVsize : vsize
    if (sats < dust) throw invalidParams(`Send at least ${dust} sats: smaller outputs are dust`)
    const prefix = bech32Prefix(network)
    const chain = { bech32: prefix, pubKeyHash: prefix === 'bc' ? 0x00 : 0x6f, scriptHash: prefix === 'bc' ? 0x05 : 0xc4, wif: prefix === 'bc' ? 0x80 : 0xef }
    const tx = new Transaction()
    let recipientScript: Uint8Array
    try {
      tx.addOutputAddress(recipientAddress, sats, chain)
      recipientScript = tx.getOutput(0).script!
    } catch {
      throw invalidParams(`"${recipientAddress.slice(0, 100)}" is not an address of ${network.name}`)
    }
    const app = bitcoinAppOf(network)
    const key = await ownKey(app)
    const script = scriptOf(key)
    const [utxos, estimates] = await Promise.all([
      esplora<{ txid: string; vout: number; value: number }[]>(network, { path: `/address/${encodeURIComponent(address)}/utxo` }),
      esplora<Record<string, unknown>>(network, { path: '/fee-estimates' }),
    ])
    const rate = typeof estimates?.['6'] === 'number' && estimates['6'] > 0 ? BigInt(Math.ceil(estimates['6'])) : 1n
    const sorted = (Array.isArray(utxos) ? utxos : []).filter((u) => Number.isSafeInteger(u?.value) && u.value > 0 && /^[0-9a-f]{64}$/.test(u.txid)).sort((a, b) => b.value - a.value)
    let total = 0n
    let count = 0
    while (count < sorted.length && total < sats + size(count, 2) * rate) total += BigInt(sorted[count++]!.value)
    const fee = size(count, 2) * rate
    if (total < sats + fee) throw new ProviderRpcError({ code: -32603, message: `Insufficient funds: ${total} sats available for ${sats} sats plus a ${fee} sat fee` })
    for (const utxo of sorted.slice(0, count)) tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) }, ...(taproot ? { tapInternalKey: key.slice(1) } : {}) })
    const change = total - sats - fee
    if (change >= dust) tx.addOutput({ script, amount: change })
    const { tx: raw } = await sign(tx.toPSBT(), true, app)
    if (!raw) throw new ProviderRpcError({ code: -32603, message: 'The Ledger returned no signed transaction' })
    // The device signed what was built: the same payment, else nothing is sent.
    const signed = Transaction.fromRaw(hex.decode(raw), { allowUnknownOutputs: true })
    if (signed.outputsLength !== tx.outputsLength || hex.encode(signed.getOutput(0).script!) !== hex.encode(recipientScript) || signed.getOutput(0).amount !== sats) {
      throw new ProviderRpcError({ code: -32603, message: 'The Ledger returned another transaction than the one it was asked to sign' })
    }
    return { txid: await broadcast(network, raw) }
  }

  async function signPsbt(params: Record<string, unknown>, network: Network): Promise<{ psbt: string; txid?: string }> {
    if (typeof params.psbt !== 'string' || params.psbt.length > 400_000) throw invalidParams('signPsbt needs a psbt (base64)')
    if (!Array.isArray(params.signInputs) || params.signInputs.some((entry: unknown) => !isRecord(entry) || entry.address !== address || !Number.isSafeInteger(entry.index))) {
      throw invalidParams(`signPsbt signs the Ledger account's inputs only: signInputs [{ address: ${address}, index }]`)
    }
    if (params.broadcast !== undefined && typeof params.broadcast !== 'boolean') throw invalidParams('signPsbt: broadcast is a boolean')
    let psbt: Uint8Array
    let tx: Transaction
    try {
      psbt = base64.decode(params.psbt)
      tx = Transaction.fromPSBT(psbt, { allowUnknownOutputs: true })
    } catch (cause) {
      throw invalidParams(`Not a PSBT: ${(cause as Error).message}`)
    }
    // The app's library answers a PSBTv2; the site gets its own PSBT back with the device's signatures in it.
    const signed = Transaction.fromPSBT((await sign(psbt, false, bitcoinAppOf(network))).psbt, { allowUnknownOutputs: true })
    if (signed.inputsLength !== tx.inputsLength) throw new ProviderRpcError({ code: -32603, message: 'The Ledger returned another transaction than the one it was asked to sign' })
    for (let i = 0; i < tx.inputsLength; i++) {
      // ECDSA signatures of native segwit inputs, or a taproot input's key-path Schnorr signature.
      const { partialSig, tapKeySig } = signed.getInput(i)
      if (partialSig?.length) tx.updateInput(i, { partialSig }, true)
      if (tapKeySig) tx.updateInput(i, { tapKeySig }, true)
    }
    if (params.broadcast !== true) return { psbt: base64.encode(tx.toPSBT()) }
    tx.finalize()
    return { psbt: base64.encode(tx.toPSBT()), txid: await broadcast(network, tx.hex) }
  }

  return {
    chains: () => networks().map((n) => n.caipNetworkId as CaipNetworkId),
    supports: (method) => (bip122LedgerMethods as readonly string[]).includes(method),
    async request({ method, params, chainId }) {
      if (!(bip122LedgerMethods as readonly string[]).includes(method)) throw new ProviderRpcError({ code: 4200, message: `A Ledger does not answer ${String(method).slice(0, 60)}` })
      if (!isRecord(params)) throw invalidParams(`${method} needs an object of params`)
      if (params.account !== address) throw new ProviderRpcError({ code: 4100, message: 'Unknown account: the request is not for the Ledger account' })
      switch (method) {
        case 'getAccountAddresses':
          return [{ address, publicKey: hex.encode(await ownKey(appOf(chainId))), path, intention: 'payment' }]
        case 'signMessage': {
          const { message } = params
          if (typeof message !== 'string' || message.length > 65_536) throw invalidParams('signMessage needs a message (text)')
          if (params.address !== undefined && params.address !== address) throw invalidParams(`signMessage: the address must be the Ledger account ${address}`)
          // BIP-137 has no taproot form: no verifier would accept the key's signature for a p2tr address, so none is made.
          if (taproot) throw new ProviderRpcError({ code: 4200, message: 'A Ledger taproot account signs no messages: the Bitcoin app signs BIP-137 messages, which have no taproot form. Connect the native segwit account to sign.' })
          // The app signs Bitcoin's message format (BIP-137: header 31 + recovery id ‖ r ‖ s) with the path's key, whatever `protocol` asks.
          const app = appOf(chainId)
          const { v, r, s } = await runBitcoinApp(device, app, (transport) => bitcoinApp(transport, app).signMessage(toLedgerPath(path), hex.encode(new TextEncoder().encode(message))))
          return { address, signature: base64.encode(Uint8Array.of(31 + v, ...hex.decode(r.padStart(64, '0')), ...hex.decode(s.padStart(64, '0')))) }
        }
        case 'sendTransfer':
          return sendTransfer(params, networkOf(chainId))
        default:
          return signPsbt(params, networkOf(chainId))
      }
    },
  }
}

