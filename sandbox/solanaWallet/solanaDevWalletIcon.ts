import { base64 } from '@scure/base'

/**
 * The Solana dev wallet's icon as a base64 `data:image/svg+xml` URI (the Wallet Standard requires
 * a base64 data URI): the portico door-frame in white on a teal square.
 */
export const solanaDevWalletIcon = `data:image/svg+xml;base64,${base64.encode(
  new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f766e"/><path d="M8 25V10l8-4 8 4v15h-4V12l-4-2-4 2v13z" fill="#fff"/></svg>',
  ),
)}` as const
