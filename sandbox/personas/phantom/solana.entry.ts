// The Phantom persona, Solana: `window.phantom.solana` (and `window.solana`), Phantom's injected
// provider, and the Wallet Standard wallet "Phantom" built on it, as docs/wallets/phantom.md
// cites. Loaded by the demo page's persona loader (`?personas=solana/phantom`) before the site.
import { createPersonaStandardWallet } from '../../solanaWallet/createPersonaStandardWallet.js'
import { createProviderEmitter } from '../../solanaWallet/createProviderEmitter.js'
import { createSiwsMessage, readSiwsBinding } from '../../solanaWallet/createSiwsMessage.js'
import { createSolanaPersona, type SolanaPersonaAccount } from '../../solanaWallet/createSolanaPersona.js'
import { personaIcon } from '../../solanaWallet/personaIcon.js'
import { registerWalletStandardWallet } from '../../solanaWallet/registerWalletStandardWallet.js'
import { SolanaDevWalletError } from '../../solanaWallet/SolanaDevWalletError.js'

// Phantom's documented errors (docs.phantom.com/solana/errors): 4001 rejected, 4100 unauthorized, -32000 invalid input.
const phantomError = (code: number, message: string) => new SolanaDevWalletError(code, message)
const rejected = () => phantomError(4001, 'User rejected the request.')
const unauthorized = () => phantomError(4100, 'The requested method and/or account has not been authorized by the user.')
const invalidInput = (why: string) => phantomError(-32000, `Invalid Input: ${why}`)

const persona = createSolanaPersona({ id: 'solana/phantom', name: 'Phantom', rejection: rejected, error: phantomError })
const events = createProviderEmitter<'connect' | 'disconnect' | 'accountChanged'>()
let connected: SolanaPersonaAccount | undefined

const requireConnected = (): SolanaPersonaAccount => {
  if (!connected) throw unauthorized()
  return connected
}

/** Phantom checks a recognised sign-in message before it prompts: its domain is this page's host, its URI of this origin. */
function checkSignInBinding(domain: string | undefined, uri: string | undefined): void {
  if (domain !== undefined && domain !== window.location.host) throw invalidInput(`the sign-in domain ${domain.slice(0, 100)} is not this page's ${window.location.host}`)
  if (uri !== undefined) {
    let origin: string | undefined
    try {
      origin = new URL(uri).origin
    } catch {
      origin = undefined
    }
    if (origin !== window.location.origin) throw invalidInput(`the sign-in URI is not of ${window.location.origin}`)
  }
}

async function connect(options?: { onlyIfTrusted?: boolean }): Promise<{ publicKey: ReturnType<typeof persona.publicKeyOf> }> {
  const account = persona.selected()
  if (options?.onlyIfTrusted) {
    // Eager connect: no pop-up either way; an untrusted app gets 4001 and stays disconnected.
    if (!persona.trusted(account)) {
      persona.answered('connect (onlyIfTrusted)', 'rejected')
      throw rejected()
    }
    persona.answered('connect (onlyIfTrusted)')
  } else if (persona.trusted(account)) persona.answered('connect (trusted app)')
  else await persona.approve('connect', () => persona.trust(account))
  const was = connected
  connected = account
  if (was?.address !== account.address) events.emit('connect', persona.publicKeyOf(account))
  return { publicKey: persona.publicKeyOf(account) }
}

async function disconnect(): Promise<void> {
  persona.answered('disconnect')
  if (!connected) return
  connected = undefined
  events.emit('disconnect')
}

async function signMessage(message: unknown, display: unknown = 'utf8') {
  const account = requireConnected()
  if (!(message instanceof Uint8Array)) throw invalidInput('the message must be a Uint8Array')
  if (display !== 'utf8' && display !== 'hex') throw invalidInput('display must be "utf8" or "hex"')
  const binding = readSiwsBinding(new TextDecoder().decode(message))
  if (binding) checkSignInBinding(binding.domain, binding.uri)
  return persona.approve('signMessage', () => ({ signature: persona.signMessage(account, message), publicKey: persona.publicKeyOf(account) }))
}

const provider = Object.freeze({
  isPhantom: true as const,
  get publicKey() {
    return connected ? persona.publicKeyOf(connected) : null
  },
  get isConnected() {
    return connected !== undefined
  },
  connect,
  disconnect,
  signMessage,
  /** The JSON-RPC form of the same methods (`connect`, `disconnect`, `signMessage`). */
  async request(args: unknown) {
    const { method, params } = (args ?? {}) as { method?: unknown; params?: Record<string, unknown> }
    if (method === 'connect') return connect(params as { onlyIfTrusted?: boolean } | undefined)
    if (method === 'disconnect') return disconnect()
    if (method === 'signMessage') return signMessage(params?.message, params?.display)
    throw phantomError(-32601, `Method not found: ${String(method).slice(0, 40)}`)
  },
  on: (event: 'connect' | 'disconnect' | 'accountChanged', listener: (...args: unknown[]) => void, context?: unknown) => (events.on(event, listener, context), provider),
  off: (event: 'connect' | 'disconnect' | 'accountChanged', listener: (...args: unknown[]) => void) => (events.off(event, listener), provider),
  removeListener: (event: 'connect' | 'disconnect' | 'accountChanged', listener: (...args: unknown[]) => void) => (events.off(event, listener), provider),
})

// What the visitor does in Phantom: a switch to an account that trusts the app keeps the app
// connected and passes the new key; otherwise `accountChanged` carries null and the app is disconnected.
persona.onWalletEvent((event) => {
  if (!connected) return
  if (event.type === 'revoke') {
    connected = undefined
    events.emit('disconnect')
  } else if (event.siteApproved) {
    connected = event.account
    events.emit('accountChanged', persona.publicKeyOf(event.account))
  } else {
    connected = undefined
    events.emit('accountChanged', null)
  }
})

const host = window as unknown as { phantom?: Record<string, unknown>; solana?: unknown }
// Other personas add `bitcoin`, `sui` to the same object: only `solana` is ours.
const phantom = (host.phantom ??= {})
Object.defineProperty(phantom, 'solana', { value: provider, enumerable: true, configurable: false, writable: false })
if (host.solana === undefined) Object.defineProperty(window, 'solana', { value: provider, enumerable: true, configurable: true, writable: false })

const wallet = createPersonaStandardWallet({
  persona,
  icon: personaIcon('#ab9ff2', 'P'),
  current: () => connected,
  watch(refresh) {
    for (const event of ['connect', 'disconnect', 'accountChanged'] as const) events.on(event, refresh)
  },
  // Silent is `onlyIfTrusted`: it throws 4001 for an app that is not trusted.
  connect: async (silent) => void (await connect(silent ? { onlyIfTrusted: true } : undefined)),
  disconnect,
  accountRule: 'identity',
  signMessageVersion: '1.1.0',
  supportedTransactionVersions: ['legacy', 0],
  signMessage: async (_account, message) => (await signMessage(message)).signature,
  signTransaction: (account, transaction) => persona.approve('signTransaction', () => persona.signTransaction(account, transaction)),
  signAndSendTransaction: (account, chain, transaction, options) => persona.approve('signAndSendTransaction', () => persona.send(chain, persona.signTransaction(account, transaction), options)),
  async signIn(input) {
    const text = (field: string) => (typeof input[field] === 'string' ? (input[field] as string) : undefined)
    checkSignInBinding(text('domain'), text('uri'))
    const issuedAt = text('issuedAt')
    if (issuedAt !== undefined && !(Math.abs(Date.parse(issuedAt) - Date.now()) <= 10 * 60_000)) throw invalidInput('Issued At is more than 10 minutes from now')
    return persona.approve('signIn', async () => {
      const account = persona.selected()
      persona.trust(account)
      if (connected?.address !== account.address) {
        connected = account
        events.emit('connect', persona.publicKeyOf(account))
      }
      const resources = Array.isArray(input.resources) ? input.resources.filter((r): r is string => typeof r === 'string') : undefined
      const message = createSiwsMessage({
        domain: text('domain') ?? window.location.host,
        address: account.address,
        ...Object.fromEntries(['statement', 'uri', 'version', 'chainId', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId'].flatMap((f) => (text(f) ? [[f, text(f)]] : []))),
        ...(resources ? { resources } : {}),
      })
      const signedMessage = new TextEncoder().encode(message)
      return { account, signedMessage, signature: persona.signMessage(account, signedMessage) }
    })
  },
  ownFeature: {
    'phantom:': {
      get phantom() {
        return host.phantom
      },
    },
  },
})
registerWalletStandardWallet(wallet, window)
persona.register(() => connected)
