import { bytesToHex } from '@noble/hashes/utils.js'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { dustLimitSats, regtestNetwork } from '../bitcoin/bitcoinSandboxChain.js'
import { BitcoinDevWalletError } from './BitcoinDevWalletError.js'
import { createRegtestKeyring } from './createRegtestKeyring.js'

export type BitcoinDevWalletMode = 'approve' | 'reject'
export type BitcoinDevWalletActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed' | 'answered' }
type Key = { privateKey: Uint8Array; publicKey: Uint8Array }

/** A WBIP004 provider as listed in `window.btc_providers`, with its `request`. */
export type BitcoinDevWalletProvider = {
  id: string
  name: string
  icon: string
  webUrl: string
  methods: string[]
  /** Resolves `{ jsonrpc: '2.0', id, result }`; rejects `{ jsonrpc: '2.0', id, error: { code, message } }`. */
  request(method: string, params?: unknown): Promise<{ jsonrpc: '2.0'; id: string; result: unknown }>
}

export type BitcoinDevWalletControl = {
  setMode(mode: BitcoinDevWalletMode): void
  getMode(): BitcoinDevWalletMode
  getState(): { connected: boolean; mode: BitcoinDevWalletMode }
  disconnect(): void
  activity(): BitcoinDevWalletActivity[]
  subscribe(fn: () => void): () => void
  paymentAddress: string
  ordinalsAddress: string
}

export type CreateBitcoinDevWalletParameters = {
  /**
   * BIP-84 key (m/84'/1'/0'/0/0) of the payment address, its public key compressed (33 bytes). The
   * private key is read on the first signature (it may be a getter that derives it) and checked
   * against the public key then.
   */
  paymentKey: Key
  /** BIP-86 key (m/86'/1'/0'/0/0) of the ordinals address, its public key compressed (33 bytes; the x-only key is its last 32). */
  ordinalsKey: Key
  /** An Esplora REST base (`…/api`): the server's proxy in the page. */
  esploraUrl: string
  icon: string
  fetch?: typeof fetch
}

const methods = ['getInfo', 'getAddresses', 'signMessage', 'signPsbt', 'sendTransfer']
const feeRate = 2n
const invalid = (message: string) => new BitcoinDevWalletError(-32602, message)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Creates the Bitcoin "Portico Dev Wallet": a WBIP004 provider with real keys on regtest —
 * `getInfo`, `getAddresses` (P2WPKH payment, P2TR ordinals), `signMessage` (BIP-322 simple or
 * BIP-137 ECDSA, payment address only), `signPsbt` (the `signInputs` it is given, each by its
 * address's key with the sighash type the PSBT names, or every input its keys own; `broadcast`
 * optional) and `sendTransfer`
 * (coin selection from the payment address's UTXOs, 2 sat/vB, change back, broadcast through
 * `esploraUrl`). In `reject` mode every request but `getInfo` fails with 4001.
 *
 * @param parameters keys, Esplora base and icon
 * @returns the provider and its controls
 * @example
 * const { provider } = createBitcoinDevWallet({ paymentKey, ordinalsKey, esploraUrl, icon })
 */
export function createBitcoinDevWallet(parameters: CreateBitcoinDevWalletParameters): { provider: BitcoinDevWalletProvider; control: BitcoinDevWalletControl } {
  const { paymentKey, ordinalsKey, esploraUrl } = parameters
  // The keys, signing and broadcast are the sandbox's regtest keyring, shared with the Bitcoin wallet personas.
  // Its Taproot output key is a point addition made on first use, like the private keys, so creating
  // the wallet does no curve arithmetic (the page's dev wallets load with no key math).
  const keyring = createRegtestKeyring({ paymentKey, taprootKey: ordinalsKey, esploraUrl, ...(parameters.fetch ? { fetch: parameters.fetch } : {}) })
  const payment = keyring.payment
  let mode: BitcoinDevWalletMode = 'approve'
  let connected = false
  const log: BitcoinDevWalletActivity[] = []
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((fn) => fn())
  const record = (method: string, outcome: BitcoinDevWalletActivity['outcome']) => {
    log.push({ method, outcome })
    if (log.length > 50) log.shift()
    notify()
  }

  const handlers: Record<string, (params: unknown) => Promise<unknown>> = {
    getInfo: async () => ({ version: '1.0.0', methods, supports: [] }),
    getAddresses: async () => {
      connected = true
      return {
        addresses: [
          { address: payment.address, publicKey: bytesToHex(paymentKey.publicKey), purpose: 'payment', addressType: 'p2wpkh' },
          { address: keyring.taproot.address, publicKey: bytesToHex(keyring.taproot.publicKey.subarray(1)), purpose: 'ordinals', addressType: 'p2tr' },
        ],
      }
    },
    signMessage: async (params) => {
      if (!isRecord(params) || typeof params.message !== 'string') throw invalid('signMessage needs { message, address?, protocol? }')
      const address = params.address ?? payment.address
      if (address !== payment.address) throw invalid('This wallet signs messages (BIP-322 simple or BIP-137 ECDSA) with its payment address only')
      const protocol = params.protocol ?? 'BIP322'
      if (protocol !== 'BIP322' && protocol !== 'ECDSA') throw invalid('protocol is "BIP322" or "ECDSA"')
      return { signature: keyring.signMessage(payment.address, params.message, protocol === 'ECDSA' ? 'ecdsa' : 'bip322'), address, protocol }
    },
    signPsbt: async (params) => {
      if (!isRecord(params) || typeof params.psbt !== 'string') throw invalid('signPsbt needs { psbt: base64, signInputs?, broadcast? }')
      let tx: Transaction
      try {
        tx = Transaction.fromPSBT(base64.decode(params.psbt))
      } catch {
        throw invalid('psbt is not a base64 PSBT')
      }
      // sats-connect's `signInputs { [address]: indexes }`: only those inputs, each by its address's key; without it, every input the wallet owns.
      let signed: number
      if (params.signInputs === undefined) signed = keyring.signInputs(tx)
      else {
        if (!isRecord(params.signInputs)) throw invalid('signInputs is { [address]: input indexes }')
        const wanted: number[] = []
        for (const [address, indexes] of Object.entries(params.signInputs)) {
          const account = keyring.accountOf(address)
          if (!account) throw invalid(`This wallet holds no key for ${address.slice(0, 100)}`)
          if (!Array.isArray(indexes)) throw invalid(`signInputs[${address.slice(0, 100)}] is a list of input indexes`)
          for (const index of indexes) {
            if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw invalid(`No input ${String(index).slice(0, 20)} in the PSBT`)
            if (bytesToHex(tx.getInput(index).witnessUtxo?.script ?? new Uint8Array()) !== bytesToHex(account.script)) throw invalid(`Input ${index} is not ${address.slice(0, 100)}'s`)
            wanted.push(index)
          }
        }
        try {
          signed = wanted.length === 0 ? 0 : keyring.signInputs(tx, wanted)
        } catch (error) {
          throw invalid(`Cannot sign: ${error instanceof Error ? error.message : String(error)}`)
        }
        if (signed !== wanted.length) throw invalid('Some of signInputs could not be signed')
      }
      if (signed === 0) throw invalid('The PSBT has no input this wallet owns')
      if (params.broadcast === true) {
        tx.finalize()
        return { psbt: base64.encode(tx.toPSBT()), txid: await keyring.broadcast(tx.hex) }
      }
      return { psbt: base64.encode(tx.toPSBT()) }
    },
    sendTransfer: async (params) => {
      const recipients = isRecord(params) ? params.recipients : undefined
      if (!Array.isArray(recipients) || recipients.length === 0) throw invalid('sendTransfer needs { recipients: [{ address, amount }] }')
      const outputs = recipients.map((r: unknown) => {
        if (!isRecord(r) || typeof r.address !== 'string' || !(typeof r.amount === 'number' || typeof r.amount === 'string') || !/^\d{1,16}$/.test(String(r.amount)))
          throw invalid('Each recipient needs an address and an amount in sats')
        let script: Uint8Array
        try {
          script = OutScript.encode(Address(regtestNetwork).decode(r.address))
        } catch {
          throw invalid(`Not a regtest address: ${r.address.slice(0, 100)}`)
        }
        const amount = BigInt(r.amount)
        if (amount < dustLimitSats) throw invalid(`Amounts below ${dustLimitSats} sats are dust`)
        return { script, amount }
      })
      return { txid: await keyring.pay(payment, outputs, feeRate) }
    },
  }

  let nextId = 0
  const provider: BitcoinDevWalletProvider = Object.freeze({
    id: 'PorticoDevWalletBitcoin',
    name: 'Portico Dev Wallet',
    icon: parameters.icon,
    webUrl: 'https://github.com/portico',
    methods,
    async request(method: string, params?: unknown) {
      const id = `portico-${++nextId}`
      const fail = (error: unknown) => {
        const known = error instanceof BitcoinDevWalletError ? error : new BitcoinDevWalletError(-32603, error instanceof Error ? error.message : String(error))
        return { jsonrpc: '2.0' as const, id, error: { code: known.code, message: known.message } }
      }
      const handler = typeof method === 'string' && Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (!handler) {
        record(String(method), 'failed')
        throw fail(new BitcoinDevWalletError(-32601, `Method not supported: ${String(method).slice(0, 64)}`))
      }
      if (method !== 'getInfo' && mode === 'reject') {
        record(method, 'rejected')
        throw fail(new BitcoinDevWalletError(4001, 'User rejected the request.'))
      }
      try {
        const result = await handler(params)
        record(method, method === 'getInfo' ? 'answered' : 'approved')
        return { jsonrpc: '2.0' as const, id, result }
      } catch (error) {
        record(method, 'failed')
        throw fail(error)
      }
    },
  })

  const control: BitcoinDevWalletControl = {
    setMode(next) {
      mode = next
      notify()
    },
    getMode: () => mode,
    getState: () => ({ connected, mode }),
    disconnect() {
      connected = false
      notify()
    },
    activity: () => [...log],
    subscribe(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    paymentAddress: payment.address as string,
    get ordinalsAddress() {
      return keyring.taproot.address
    },
  }
  return { provider, control }
}
