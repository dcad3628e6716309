// The Phantom persona (Sui), as docs/wallets/phantom.md cites: a Wallet Standard wallet named
// "Phantom" registered at once, the current `sui:*` features beside the legacy block ones, refusals as
// `{ code: 4001, message: 'User rejected the request.' }`, and `window.phantom.sui` (isPhantom,
// requestAccount, signMessage) added to a `window.phantom` shared with Phantom's other chains.
import { base64 } from '@scure/base'

import { installSuiPersona } from '../../suiWallet/installSuiPersona.js'

// A rounded square with a ghost, the shape of the wallet's icon (drawn here, not the wallet's file).
const icon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 108 108"><rect width="108" height="108" rx="26" fill="#AB9FF2"/><path d="M26 72c8 0 14-8 18-14 4-7 10-20 28-20 14 0 18 10 18 18 0 14-9 26-19 26-4 0-6-3-6-6-2 3-5 6-9 6s-6-3-6-6c-3 4-7 6-10 6s-6-2-6-4z" fill="#FFFDF8"/></svg>',
  ),
)}` as const

/** Phantom's documented refusal: `{ code: 4001, message: 'User rejected the request.' }`. */
class PhantomError extends Error {
  code: number
  constructor(code: number, message: string) {
    super(code === 4001 ? 'User rejected the request.' : message)
    this.code = code
  }
}

const { wallet } = installSuiPersona({
  id: 'sui/phantom',
  name: 'Phantom',
  icon,
  chains: ['sui:mainnet', 'sui:testnet'],
  features: {
    'sui:signPersonalMessage': '1.1.0',
    'sui:signTransaction': '2.0.0',
    'sui:signAndExecuteTransaction': '2.0.0',
    'sui:signTransactionBlock': '1.0.0',
    'sui:signAndExecuteTransactionBlock': '1.0.0',
  },
  error: (code, message) => new PhantomError(code, message),
  registration: 'immediate',
})

type Connect = { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly { address: string; publicKey: Uint8Array }[] }> }
type SignPersonalMessage = { signPersonalMessage(input: unknown): Promise<{ bytes: string; signature: string }> }

/** `window.phantom.sui`, the provider Phantom's Sui docs detect and call (only this property is ours). */
const sui = Object.freeze({
  isPhantom: true,
  /** Connects and answers the account (its `publicKey` as bytes, `address` as Sui hex). */
  async requestAccount() {
    const { accounts } = await (wallet.features['standard:connect'] as Connect).connect()
    const [account] = accounts
    if (!account) throw new PhantomError(4100, 'No account')
    return { address: account.address, publicKey: account.publicKey }
  },
  /** `signMessage(bytes, address)`: the personal-message signature of the connected account. */
  async signMessage(message: Uint8Array, address: string) {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw new PhantomError(4100, 'The requested account has not been authorized by the user.')
    return (wallet.features['sui:signPersonalMessage'] as SignPersonalMessage).signPersonalMessage({ account, message })
  },
})
const host = window as unknown as { phantom?: Record<string, unknown> }
host.phantom ??= {}
Object.defineProperty(host.phantom, 'sui', { value: sui, enumerable: true, configurable: false, writable: false })
