// The Suiet persona (Sui), as docs/wallets/suiet.md cites from Suiet's last public extension source:
// `Suiet` 1.0.0 registered from a module script (once the document is parsed), only the legacy
// `sui:signTransactionBlock`, `sui:signAndExecuteTransactionBlock` and `sui:signMessage` 1.0.0, the
// account listed on the wallet's active network only, its connect asking every time (no `silent`:
// an origin it already allowed is answered without a prompt), and its refusals: `UserRejectionError`
// (code -5000) from connect, a plain `Error('User rejection')` from requests.
import { base64 } from '@scure/base'
import type { Wallet } from '@wallet-standard/base'

import { installSuiPersona } from '../../suiWallet/installSuiPersona.js'

// A rounded square with two white waves, the shape of the wallet's icon (drawn here, not the wallet's file).
const icon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="24" fill="#2D9CFF"/><path d="M12 36c5 0 7-6 10-6s5 6 10 6 7-6 10-6 5 6 10 6M12 46c5 0 7-6 10-6s5 6 10 6 7-6 10-6 5 6 10 6" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>',
  ),
)}` as const

/** Suiet's `UserRejectionError` (its background's errors.ts): name, code -5000, message. */
class UserRejectionError extends Error {
  override name = 'UserRejectionError'
  code = -5000
  constructor(message = 'User rejection') {
    super(message)
  }
}

/** Connect never passes `silent` on (Suiet asks `dapp.connect` every time) and refuses with `UserRejectionError`. */
function suietConnect(wallet: Wallet): Wallet {
  const standard = wallet.features['standard:connect'] as { version: string; connect(input?: { silent?: boolean }): Promise<unknown> }
  const features = {
    ...wallet.features,
    'standard:connect': {
      version: standard.version,
      async connect() {
        const connected = wallet.accounts.length > 0
        try {
          // An origin Suiet already allowed gets its account without a prompt.
          return await standard.connect(connected ? { silent: true } : undefined)
        } catch (error) {
          if ((error as Error).message === 'User rejection') throw new UserRejectionError()
          throw error
        }
      },
    },
  }
  return { version: wallet.version, name: wallet.name, icon: wallet.icon, chains: wallet.chains, features, get accounts() { return wallet.accounts } }
}

installSuiPersona({
  id: 'sui/suiet',
  name: 'Suiet',
  icon,
  chains: ['sui:devnet', 'sui:testnet', 'sui:mainnet'],
  features: {
    'sui:signTransactionBlock': '1.0.0',
    'sui:signAndExecuteTransactionBlock': '1.0.0',
    'sui:signMessage': '1.0.0',
  },
  // Requests cross its window message stream and come back as `new Error(error.msg)`.
  error: (code, message) => new Error(code === 4001 ? 'User rejection' : message),
  // The account lists only the wallet's active network (the sandbox's).
  accountChains: ['sui:localnet'],
  registration: 'parsed',
  adapt: suietConnect,
})
