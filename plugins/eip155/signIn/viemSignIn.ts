// What verifying a sign-in needs from viem, loaded with `await import()` on the first check:
// local ecrecover, and the ERC-6492 universal validator call for contract wallets.
export { createClient, fallback, http, recoverMessageAddress } from 'viem'
export { verifyMessage } from 'viem/actions'
