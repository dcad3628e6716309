// Base58 for Solana sign-message requests, loaded with `await import()` when one is made.
export { base58 } from '@scure/base'
