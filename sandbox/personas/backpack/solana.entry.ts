// The Backpack persona, Solana: `window.backpack` (Backpack's injected Solana provider) and the
// Wallet Standard wallet "Backpack" built on it, as docs/wallets/backpack.md cites from
// github.com/coral-xyz/backpack (packages/provider-core, packages/wallet-standard).
import { createPersonaStandardWallet } from '../../solanaWallet/createPersonaStandardWallet.js'
import { createProviderEmitter } from '../../solanaWallet/createProviderEmitter.js'
import { createSolanaPersona, type SolanaPersonaAccount } from '../../solanaWallet/createSolanaPersona.js'
import { personaIcon } from '../../solanaWallet/personaIcon.js'
import { registerWalletStandardWallet } from '../../solanaWallet/registerWalletStandardWallet.js'
import { SolanaDevWalletError } from '../../solanaWallet/SolanaDevWalletError.js'

type BackpackEvent = 'connect' | 'disconnect' | 'connectionDidChange' | 'activeWalletDidChange'

// Backpack's source does not name its refusal's shape (the secure client rethrows the background's
// error); the persona refuses with the provider convention, code 4001 (docs/wallets/backpack.md).
const persona = createSolanaPersona({
  id: 'solana/backpack',
  name: 'Backpack',
  rejection: () => new SolanaDevWalletError(4001, 'User rejected the request.'),
  error: (code, message) => new SolanaDevWalletError(code, message),
})
const events = createProviderEmitter<BackpackEvent>()
/** The provider's `publicKey`: set by `connect()` and by the wallet's active-wallet notification; none after a page load. */
let publicKeyOf: SolanaPersonaAccount | undefined
let isConnected = false

async function connect(): Promise<void> {
  if (isConnected) {
    console.warn('provider already connected')
    return
  }
  const account = persona.selected()
  if (persona.trusted(account)) persona.answered('connect (approved site)')
  else await persona.approve('connect', () => persona.trust(account))
  isConnected = true
  publicKeyOf = account
  events.emit('connect', { data: { publicKey: account.address } })
}

async function disconnect(): Promise<void> {
  persona.answered('disconnect')
  isConnected = false
  publicKeyOf = undefined
  events.emit('disconnect', { data: {} })
}

/** The provider signs with the key it is given (`publicKey`), else its own; with none it connects first. */
async function signerFor(publicKey: unknown): Promise<SolanaPersonaAccount> {
  if (!publicKeyOf) await connect()
  const given = publicKey === undefined ? publicKeyOf : persona.accountOf(typeof (publicKey as { toBytes?: unknown })?.toBytes === 'function' ? (publicKey as { toBytes(): Uint8Array }).toBytes() : publicKey)
  if (!given) throw new SolanaDevWalletError(4100, 'wallet not connected')
  return given
}

const provider = Object.freeze({
  get isBackpack() {
    return true as const
  },
  get isConnected() {
    return isConnected
  },
  get publicKey() {
    return publicKeyOf ? persona.publicKeyOf(publicKeyOf) : undefined
  },
  connect,
  disconnect,
  async signMessage(msg: unknown, publicKey?: unknown): Promise<Uint8Array> {
    if (!(msg instanceof Uint8Array)) throw new SolanaDevWalletError(-32602, 'The message must be a Uint8Array')
    const account = await signerFor(publicKey)
    return persona.approve('signMessage', () => persona.signMessage(account, msg))
  },
  on: (event: BackpackEvent, listener: (...args: unknown[]) => void, context?: unknown) => (events.on(event, listener, context), provider),
  off: (event: BackpackEvent, listener: (...args: unknown[]) => void) => (events.off(event, listener), provider),
  removeListener: (event: BackpackEvent, listener: (...args: unknown[]) => void) => (events.off(event, listener), provider),
})

// The visitor in Backpack: a new active wallet sets `publicKey` and emits `activeWalletDidChange`
// (which Backpack's Wallet Standard wrapper does not listen to); revoking the site disconnects.
persona.onWalletEvent((event) => {
  if (event.type === 'revoke') {
    if (!isConnected) return
    isConnected = false
    publicKeyOf = undefined
    events.emit('disconnect', { data: {} })
  } else if (isConnected) {
    publicKeyOf = event.account
    events.emit('activeWalletDidChange', { data: { activeWallet: event.account.address } })
  }
})

Object.defineProperty(window, 'backpack', { value: provider, enumerable: true, configurable: true, writable: false })

const wallet = createPersonaStandardWallet({
  persona,
  icon: personaIcon('#e33e3f', 'B'),
  current: () => publicKeyOf,
  watch(refresh) {
    // Backpack's wrapper follows these three, not `activeWalletDidChange`.
    for (const event of ['connect', 'disconnect', 'connectionDidChange'] as const) events.on(event, refresh)
  },
  // A silent connect never reaches the provider: it answers with the account the provider already has.
  connect: async (silent) => {
    if (!silent && !publicKeyOf) await connect()
  },
  disconnect,
  accountRule: 'publicKey',
  signMessageVersion: '1.0.0',
  supportedTransactionVersions: ['legacy', 0],
  signMessage: (account, message) => provider.signMessage(message, persona.publicKeyOf(account)),
  signTransaction: async (account, transaction) => {
    const signer = await signerFor(persona.publicKeyOf(account))
    return persona.approve('signTransaction', () => persona.signTransaction(signer, transaction))
  },
  signAndSendTransaction: async (account, chain, transaction, options) => {
    const signer = await signerFor(persona.publicKeyOf(account))
    // With `options.commitment` Backpack's `sendAndConfirm`, else its `send`: both sign, then send.
    return persona.approve('signAndSendTransaction', () => persona.send(chain, persona.signTransaction(signer, transaction), options))
  },
  ownFeature: {
    'backpack:': {
      get backpack() {
        return provider
      },
    },
  },
})
registerWalletStandardWallet(wallet, window)
persona.register(() => (isConnected ? publicKeyOf : undefined))
