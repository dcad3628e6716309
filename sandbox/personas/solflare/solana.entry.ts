// The Solflare persona, Solana: `window.solflare` (the API of @solflare-wallet/sdk) and the Wallet
// Standard wallet "Solflare" built on it, as docs/wallets/solflare.md cites. Both appear late:
// after the page's `load` event, not before the site's scripts run.
import { createPersonaStandardWallet } from '../../solanaWallet/createPersonaStandardWallet.js'
import { createProviderEmitter } from '../../solanaWallet/createProviderEmitter.js'
import { createSolanaPersona, type SolanaPersonaAccount } from '../../solanaWallet/createSolanaPersona.js'
import { personaIcon } from '../../solanaWallet/personaIcon.js'
import { registerWalletStandardWallet } from '../../solanaWallet/registerWalletStandardWallet.js'

/** How long after `load` the wallet shows up (the SDK polls for `window.solflare` every 500 ms). */
const lateByMs = 400

// Solflare's SDK rejects a pending request with no value when its window says the visitor declined
// or closed it; it names no error object. Everything else is a plain Error with a message.
const persona = createSolanaPersona({ id: 'solana/solflare', name: 'Solflare', rejection: () => undefined, error: (_code, message) => new Error(message) })
const events = createProviderEmitter<'connect' | 'disconnect' | 'accountChanged'>()
let connected: SolanaPersonaAccount | undefined

const requireConnected = (): SolanaPersonaAccount => {
  if (!connected) throw new Error('Wallet not connected')
  return connected
}

async function connect(): Promise<void> {
  if (connected) return
  const account = persona.selected()
  if (persona.trusted(account)) persona.answered('connect (approved site)')
  else await persona.approve('connect', () => persona.trust(account))
  connected = account
  events.emit('connect', persona.publicKeyOf(account))
}

async function disconnect(): Promise<void> {
  persona.answered('disconnect')
  if (!connected) return
  connected = undefined
  events.emit('disconnect')
}

async function signMessage(data: unknown, display: unknown = 'utf8'): Promise<Uint8Array> {
  const account = requireConnected()
  if (!(data instanceof Uint8Array)) throw new Error('The message must be a Uint8Array')
  if (display !== 'utf8' && display !== 'hex') throw new Error('display must be "hex" or "utf8"')
  return persona.approve('signMessage', () => persona.signMessage(account, data))
}

const provider = Object.freeze({
  isSolflare: true as const,
  get publicKey() {
    return connected ? persona.publicKeyOf(connected) : null
  },
  get isConnected() {
    return connected !== undefined
  },
  /** For the Solana wallet adapter's checks, as the SDK has them. */
  get connected() {
    return connected !== undefined
  },
  autoApprove: false as const,
  connect,
  disconnect,
  signMessage,
  sign: signMessage,
  on: (event: 'connect' | 'disconnect' | 'accountChanged', listener: (...args: unknown[]) => void, context?: unknown) => (events.on(event, listener, context), provider),
  off: (event: 'connect' | 'disconnect' | 'accountChanged', listener: (...args: unknown[]) => void) => (events.off(event, listener), provider),
  removeListener: (event: 'connect' | 'disconnect' | 'accountChanged', listener: (...args: unknown[]) => void) => (events.off(event, listener), provider),
})

// A switch in the wallet: `accountChanged` with the new key, or with nothing when the new account
// has not approved the site (the site then keeps its account, as the SDK leaves it).
persona.onWalletEvent((event) => {
  if (!connected) return
  if (event.type === 'revoke') {
    connected = undefined
    events.emit('disconnect')
  } else if (event.siteApproved) {
    connected = event.account
    events.emit('accountChanged', persona.publicKeyOf(event.account))
  } else events.emit('accountChanged', undefined)
})

const wallet = createPersonaStandardWallet({
  persona,
  icon: personaIcon('#fc7227', 'S'),
  current: () => connected,
  watch(refresh) {
    for (const event of ['connect', 'disconnect', 'accountChanged'] as const) events.on(event, refresh)
  },
  // Solflare's own wrapper does not read `silent`: with no account it asks the provider to connect.
  connect: async () => {
    if (!connected) await connect()
  },
  disconnect,
  accountRule: 'identity',
  signMessageVersion: '1.0.0',
  supportedTransactionVersions: ['legacy', 0],
  signMessage: (_account, message) => signMessage(message),
  signTransaction: (account, transaction) => persona.approve('signTransaction', () => persona.signTransaction(account, transaction)),
  signAndSendTransaction: (account, chain, transaction, options) => persona.approve('signAndSendTransaction', () => persona.send(chain, persona.signTransaction(account, transaction), options)),
  ownFeature: {
    'solflare:': {
      get solflare() {
        return provider
      },
    },
  },
})

persona.register(() => connected)
window.addEventListener(
  'load',
  () => {
    setTimeout(() => {
      Object.defineProperty(window, 'solflare', { value: provider, enumerable: true, configurable: true, writable: false })
      registerWalletStandardWallet(wallet, window)
    }, lateByMs)
  },
  { once: true },
)
