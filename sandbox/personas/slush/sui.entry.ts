// The Slush persona (Sui): Mysten Labs' wallet, formerly Sui Wallet, as docs/wallets/slush.md cites.
// A Wallet Standard wallet registered at once (its content script injects at document_start), with
// the current `sui:*` features beside the legacy block ones, no `standard:disconnect` (its last public
// source has none), and refusals as plain `Error`s without a code.
import { base64 } from '@scure/base'

import { installSuiPersona } from '../../suiWallet/installSuiPersona.js'

// A rounded square with a drop, the shape of the wallet's icon (drawn here, not the wallet's file).
const icon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><rect width="72" height="72" rx="16" fill="#4DA2FF"/><path d="M36 12 22 36a16 16 0 1 0 28 0z" fill="#fff"/></svg>',
  ),
)}` as const

installSuiPersona({
  id: 'sui/slush',
  name: 'Slush — A Sui wallet',
  icon,
  chains: ['sui:mainnet', 'sui:testnet', 'sui:devnet'],
  features: {
    'sui:signPersonalMessage': '1.1.0',
    'sui:signTransaction': '2.0.0',
    'sui:signAndExecuteTransaction': '2.0.0',
    'sui:signTransactionBlock': '1.0.0',
    'sui:signAndExecuteTransactionBlock': '1.0.0',
    'sui:reportTransactionEffects': '1.0.0',
    'standard:disconnect': false,
  },
  // Its background refuses with `new Error('Transaction rejected from user')`; the page gets it as is.
  error: (code, message) => new Error(code === 4001 ? 'Transaction rejected from user' : message),
  registration: 'immediate',
})
