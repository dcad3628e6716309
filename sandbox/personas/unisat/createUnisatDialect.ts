import { bytesToHex } from '@noble/hashes/utils.js'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { base64, hex } from '@scure/base'
import { dustLimitSats, regtestNetwork } from '../../bitcoin/bitcoinSandboxChain.js'
import type { BitcoinPersonaKit } from '../../bitcoinWallet/createBitcoinPersonaKit.js'
import type { RegtestKeyringAccount } from '../../bitcoinWallet/createRegtestKeyring.js'

/** A failure as Unisat's page provider rejects (eth-rpc-errors' `serializeError`: a plain `{ code, message }`). */
export const unisatError = (code: number, message: string) => ({ code, message })
/** `ethErrors.provider.unauthorized()`: a method other than the "safe" ones before the site is connected. */
const unauthorized = () => unisatError(4100, 'The requested method and/or account has not been authorized by the user.')
const invalid = (message: string) => unisatError(-32603, message)

type Listener = (payload: unknown) => void

export type UnisatDialect = {
  /** The provider object the page sees. */
  provider: Record<string, unknown>
  /** The account the wallet shows now (its address type chosen in the wallet's settings). */
  current(): RegtestKeyringAccount
  /** The visitor picks another address type in the wallet: connected sites get the account event. */
  setAddressType(type: 'p2wpkh' | 'p2tr'): void
  /** The visitor disconnects the site in the wallet (or the site calls `disconnect()`). */
  disconnectSite(): void
  emit(event: string, payload: unknown): void
}

/**
 * Unisat's page-provider dialect, shared by the Unisat persona and the wallets that copied it
 * (OKX's `okxwallet.bitcoin`): one current address of the type chosen in the wallet, hex PSBTs
 * signed per `toSignInputs` (address or public key of the current account only) and finalized
 * unless `autoFinalized: false`, `signMessage(text, 'ecdsa' | 'bip322-simple')` (default `ecdsa`),
 * `sendBitcoin`, `pushPsbt`, `pushTx`, `getChain` / `switchChain`, an EventEmitter's `on` /
 * `removeListener`, and its errors: 4001 when the visitor says no, 4100 before the site is
 * connected, -32603 with the wallet's message for bad input. `accountEvent` turns the new
 * address list into the wallet's own events.
 *
 * @example
 * const { provider } = createUnisatDialect(kit, { accountEvents: (addresses) => [['accountsChanged', addresses]] })
 */
export function createUnisatDialect(kit: BitcoinPersonaKit, { accountEvents }: { accountEvents: (addresses: string[], account: RegtestKeyringAccount | undefined) => [string, unknown][] }): UnisatDialect {
  let type: 'p2wpkh' | 'p2tr' = 'p2wpkh'
  const listeners = new Map<string, Set<Listener>>()
  const current = () => (type === 'p2wpkh' ? kit.keyring().payment : kit.keyring().taproot)
  // The page provider emits an account event only when the exposed address changes (pushEventHandlers).
  let exposed: string | undefined
  const expose = (address: string | undefined) => {
    if (address === exposed) return
    exposed = address
    for (const [event, payload] of accountEvents(address ? [address] : [], address ? current() : undefined)) emit(event, payload)
  }
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        console.error(error)
      }
    }
  }
  const connected = () => {
    if (!kit.allowed()) throw unauthorized()
  }
  const readPsbt = (value: unknown): Transaction => {
    if (typeof value !== 'string' || value.length === 0) throw invalid('psbtHex is required')
    try {
      // Like Unisat's formatPsbtHex: hex, or base64 turned into hex.
      return Transaction.fromPSBT(/^[0-9a-f]+$/i.test(value) ? hex.decode(value.toLowerCase()) : base64.decode(value))
    } catch {
      throw invalid('Invalid PSBT')
    }
  }
  const signPsbt = (psbtHex: unknown, options: unknown): string => {
    connected()
    const tx = readPsbt(psbtHex)
    const account = current()
    const owned = (index: number) => bytesToHex(tx.getInput(index).witnessUtxo?.script ?? new Uint8Array()) === bytesToHex(account.script)
    const opts = typeof options === 'object' && options !== null ? (options as { autoFinalized?: unknown; toSignInputs?: unknown }) : {}
    let indexes: number[]
    if (opts.toSignInputs !== undefined) {
      if (!Array.isArray(opts.toSignInputs)) throw invalid('toSignInputs must be an array')
      indexes = opts.toSignInputs.map((input: unknown) => {
        const entry = (typeof input === 'object' && input !== null ? input : {}) as { index?: unknown; address?: unknown; publicKey?: unknown }
        if (typeof entry.index !== 'number' || !Number.isInteger(entry.index) || entry.index < 0 || entry.index >= tx.inputsLength) throw invalid('invalid index in toSignInput')
        if (entry.address === undefined && entry.publicKey === undefined) throw invalid('no address or public key in toSignInput')
        if (entry.address !== undefined && entry.address !== account.address) throw invalid('invalid address in toSignInput')
        if (entry.publicKey !== undefined && entry.publicKey !== bytesToHex(account.publicKey)) throw invalid('invalid public key in toSignInput')
        return entry.index
      })
    } else {
      // No toSignInputs: every input of the current address.
      indexes = Array.from({ length: tx.inputsLength }, (_, i) => i).filter(owned)
    }
    const ours = indexes.filter(owned)
    if (ours.length === 0 || kit.keyring().signInputs(tx, ours) === 0) throw invalid('No input of the current account to sign')
    if (opts.autoFinalized !== false) for (const index of ours) tx.finalizeIdx(index)
    return hex.encode(tx.toPSBT())
  }
  const broadcastPsbt = async (psbtHex: unknown) => {
    const tx = readPsbt(psbtHex)
    try {
      tx.finalize()
    } catch {
      // already final, or not signed: extraction says which
    }
    if (!tx.isFinal) throw invalid('The PSBT is not finalized')
    return kit.keyring().broadcast(tx.hex)
  }

  const on = (event: unknown, listener: unknown) => {
    if (typeof event === 'string' && typeof listener === 'function') {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as Listener)
      listeners.set(event, set)
    }
    return provider
  }
  const off = (event: unknown, listener: unknown) => {
    if (typeof event === 'string') listeners.get(event)?.delete(listener as Listener)
    return provider
  }
  const provider: Record<string, unknown> = {
    requestAccounts: () =>
      kit.request('requestAccounts', !kit.allowed(), () => {
        kit.setAllowed(true)
        const address = current().address
        expose(address)
        return [address]
      }),
    getAccounts: () => kit.request('getAccounts', false, () => (kit.allowed() ? [current().address] : [])),
    disconnect: () => kit.request('disconnect', false, () => dialect.disconnectSite()),
    // Unisat has no regtest chain: the persona answers as the sandbox's regtest one (docs/wallets/unisat.md).
    getNetwork: () => kit.request('getNetwork', false, () => 'testnet'),
    switchNetwork: (network: unknown) =>
      kit.request('switchNetwork', false, () => {
        if (network !== 'testnet') throw invalid('the network is invalid, supported networks: testnet (this sandbox is regtest)')
        return 'testnet'
      }),
    getChain: () => kit.request('getChain', false, () => ({ enum: 'BITCOIN_REGTEST', name: 'Bitcoin Regtest', network: 'testnet' })),
    switchChain: (chain: unknown) =>
      kit.request('switchChain', false, () => {
        if (chain !== 'BITCOIN_REGTEST') throw invalid('the chain is invalid, supported chains: BITCOIN_REGTEST')
        return { enum: 'BITCOIN_REGTEST', name: 'Bitcoin Regtest', network: 'testnet' }
      }),
    getPublicKey: () => kit.request('getPublicKey', false, () => bytesToHex(current().publicKey)),
    getBalance: () =>
      kit.request('getBalance', false, async () => {
        connected()
        const response = await fetch(`${kit.esploraUrl}/address/${current().address}`)
        const info = (await response.json()) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number }; mempool_stats: { funded_txo_sum: number; spent_txo_sum: number } }
        const confirmed = info.chain_stats.funded_txo_sum - info.chain_stats.spent_txo_sum
        const unconfirmed = info.mempool_stats.funded_txo_sum - info.mempool_stats.spent_txo_sum
        return { confirmed, unconfirmed, total: confirmed + unconfirmed }
      }),
    signMessage: (text: unknown, messageType: unknown = 'ecdsa') =>
      kit.request('signMessage', true, () => {
        connected()
        if (typeof text !== 'string') throw invalid('text is required')
        if (messageType !== 'ecdsa' && messageType !== 'bip322-simple') throw invalid(`unsupported message type ${String(messageType).slice(0, 40)}`)
        return kit.keyring().signMessage(current().address, text, messageType === 'ecdsa' ? 'ecdsa' : 'bip322')
      }),
    signPsbt: (psbtHex: unknown, options?: unknown) => kit.request('signPsbt', true, () => signPsbt(psbtHex, options)),
    signPsbts: (psbtHexs: unknown, options?: unknown) =>
      kit.request('signPsbts', true, () => {
        if (!Array.isArray(psbtHexs)) throw invalid('psbtHexs must be an array')
        return psbtHexs.map((psbtHex, i) => signPsbt(psbtHex, Array.isArray(options) ? options[i] : undefined))
      }),
    pushPsbt: (psbtHex: unknown) => kit.request('pushPsbt', false, () => broadcastPsbt(psbtHex)),
    // Unisat's docs call it with `{ rawtx }`, its page provider's source with the hex itself: both are taken.
    pushTx: (options: unknown) =>
      kit.request('pushTx', false, () => {
        const rawtx = typeof options === 'string' ? options : typeof options === 'object' && options !== null ? (options as { rawtx?: unknown }).rawtx : undefined
        if (typeof rawtx !== 'string' || !/^[0-9a-f]+$/i.test(rawtx)) throw invalid('rawtx is required')
        return kit.keyring().broadcast(rawtx)
      }),
    sendBitcoin: (toAddress: unknown, satoshis: unknown, options?: unknown) =>
      kit.request('sendBitcoin', true, async () => {
        connected()
        if (typeof toAddress !== 'string') throw invalid('toAddress is required')
        if (typeof satoshis !== 'number' || !Number.isSafeInteger(satoshis) || BigInt(satoshis) < dustLimitSats) throw invalid(`satoshis must be an integer of at least ${dustLimitSats}`)
        let script: Uint8Array
        try {
          script = OutScript.encode(Address(regtestNetwork).decode(toAddress))
        } catch {
          throw invalid(`Invalid address ${toAddress.slice(0, 100)}`)
        }
        const feeRate = typeof options === 'object' && options !== null && typeof (options as { feeRate?: unknown }).feeRate === 'number' ? BigInt(Math.max(1, Math.ceil((options as { feeRate: number }).feeRate))) : 2n
        return kit.keyring().pay(current(), [{ script, amount: BigInt(satoshis) }], feeRate)
      }),
    on,
    addListener: on,
    removeListener: off,
    off,
  }
  const dialect: UnisatDialect = {
    provider,
    current,
    setAddressType(next) {
      type = next
      kit.notify()
      if (kit.allowed()) expose(current().address)
    },
    disconnectSite() {
      kit.setAllowed(false)
      expose(undefined)
    },
    emit,
  }
  // What the page provider knows on load (getProviderState): the exposed account of an allowed site.
  exposed = kit.allowed() ? current().address : undefined
  return dialect
}
