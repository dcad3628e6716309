// The Phantom persona (bip122): `window.phantom.bitcoin` as Phantom's extension injects it, with
// its request and answer shapes, signing with the sandbox's regtest keys. Facts and sources:
// docs/wallets/phantom.md (## Bitcoin).
import { bytesToHex } from '@noble/hashes/utils.js'
import { Transaction } from '@scure/btc-signer'
import { base64 } from '@scure/base'
import { exposeBitcoinPersonaActions } from '../../bitcoinWallet/bitcoinPersonaActions.js'
import { createBitcoinPersonaKit } from '../../bitcoinWallet/createBitcoinPersonaKit.js'
import type { RegtestKeyringAccount } from '../../bitcoinWallet/createRegtestKeyring.js'
import { registerPersona } from '../registerPersona.js'

const id = 'bip122/phantom'
/** Phantom's provider errors (its documented codes): a plain `{ code, message }`. */
const phantomError = (code: number, message: string) => Object.assign(new Error(message), { code })

const kit = createBitcoinPersonaKit({
  storageKey: 'portico-persona:bip122/phantom:site',
  rejection: () => phantomError(4001, 'User rejected the request.'),
  accounts: () => btcAccounts().map((a) => a.address),
  onDisconnect: () => disconnectSite(),
})

type BtcAccount = { address: string; addressType: 'p2wpkh' | 'p2tr'; publicKey: string; purpose: 'payment' | 'ordinals' }
const btcAccount = (account: RegtestKeyringAccount, purpose: BtcAccount['purpose']): BtcAccount => ({ address: account.address, addressType: account.type, publicKey: bytesToHex(account.publicKey), purpose })
/** Payment (native SegWit) first, then ordinals (Taproot), as Phantom lists them. */
const btcAccounts = (): BtcAccount[] => [btcAccount(kit.keyring().payment, 'payment'), btcAccount(kit.keyring().taproot, 'ordinals')]

const listeners = new Map<string, Set<(payload: unknown) => void>>()
const emit = (event: string, payload: unknown) => {
  for (const listener of [...(listeners.get(event) ?? [])]) {
    try {
      listener(payload)
    } catch (error) {
      console.error(error)
    }
  }
}
const allowedOnly = () => {
  if (!kit.allowed()) throw phantomError(4100, 'The requested method and/or account has not been authorized by the user.')
}
const accountOf = (address: unknown) => {
  const account = typeof address === 'string' ? kit.keyring().accountOf(address) : undefined
  if (!account) throw phantomError(-32000, `Invalid input: ${String(address).slice(0, 100)} is not an address of this account`)
  return account
}
function disconnectSite() {
  if (!kit.allowed()) return
  kit.setAllowed(false)
  emit('accountsChanged', [])
}

const provider = Object.freeze({
  isPhantom: true as const,
  /** Prompts unless the site is a connected app; a connected app is answered at once (Phantom reconnects it). */
  requestAccounts: () =>
    kit.request('requestAccounts', !kit.allowed(), () => {
      kit.setAllowed(true)
      return btcAccounts()
    }),
  signMessage: (address: unknown, message: unknown) =>
    kit.request('signMessage', true, () => {
      allowedOnly()
      const account = accountOf(address)
      if (!(message instanceof Uint8Array)) throw phantomError(-32000, 'Invalid input: message must be a Uint8Array')
      // BIP-322 simple for either address type (Phantom's docs verify it with bip322-js); the signature as bytes.
      return { signature: base64.decode(kit.keyring().signMessage(account.address, new TextDecoder().decode(message), 'bip322')) }
    }),
  signPSBT: (psbt: unknown, options: unknown) =>
    kit.request('signPSBT', true, () => {
      allowedOnly()
      if (!(psbt instanceof Uint8Array)) throw phantomError(-32000, 'Invalid input: psbt must be a Uint8Array')
      const inputsToSign = typeof options === 'object' && options !== null ? (options as { inputsToSign?: unknown }).inputsToSign : undefined
      if (!Array.isArray(inputsToSign) || inputsToSign.length === 0) throw phantomError(-32000, 'Invalid input: options.inputsToSign is required')
      let tx: Transaction
      try {
        tx = Transaction.fromPSBT(psbt)
      } catch {
        throw phantomError(-32000, 'Invalid input: not a PSBT')
      }
      for (const entry of inputsToSign) {
        const { address, signingIndexes } = (typeof entry === 'object' && entry !== null ? entry : {}) as { address?: unknown; signingIndexes?: unknown }
        const account = accountOf(address)
        if (!Array.isArray(signingIndexes) || !signingIndexes.every((i) => Number.isInteger(i) && i >= 0 && i < tx.inputsLength)) throw phantomError(-32000, 'Invalid input: signingIndexes')
        const mine = (signingIndexes as number[]).filter((i) => bytesToHex(tx.getInput(i).witnessUtxo?.script ?? new Uint8Array()) === bytesToHex(account.script))
        if (mine.length !== signingIndexes.length || kit.keyring().signInputs(tx, mine) !== mine.length) throw phantomError(-32603, `Input ${signingIndexes.join(', ')} is not spendable by ${account.address}`)
      }
      // Signed, not finalized: the site finalizes and broadcasts.
      return tx.toPSBT()
    }),
  on(event: unknown, listener: unknown) {
    if (typeof event === 'string' && typeof listener === 'function') {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: unknown) => void)
      listeners.set(event, set)
    }
  },
  off(event: unknown, listener: unknown) {
    if (typeof event === 'string') listeners.get(event)?.delete(listener as (payload: unknown) => void)
  },
  removeListener(event: unknown, listener: unknown) {
    if (typeof event === 'string') listeners.get(event)?.delete(listener as (payload: unknown) => void)
  },
})

// One `window.phantom` for every chain Phantom serves: made if absent, and only its `bitcoin` added.
const page = window as unknown as { phantom?: Record<string, unknown> }
if (typeof page.phantom !== 'object' || page.phantom === null) page.phantom = {}
if (!('bitcoin' in page.phantom)) Object.defineProperty(page.phantom, 'bitcoin', { value: provider, enumerable: true })

exposeBitcoinPersonaActions(id, {
  switchAccount() {
    kit.useAccount(kit.account() === 0 ? 1 : 0)
    if (kit.allowed()) emit('accountsChanged', btcAccounts())
  },
  disconnectSite,
})
const payment = kit.keyring().payment.address
registerPersona(id, kit.control, { name: 'Phantom', account: `${payment.slice(0, 8)}…${payment.slice(-4)} and its Taproot address`, network: 'Network: Bitcoin regtest' })
