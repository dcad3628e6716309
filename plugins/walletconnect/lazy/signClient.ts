// The WalletConnect sign-client, loaded with `await import()` only when a visitor picks
// WalletConnect or a stored session is restored: the page never pays for it otherwise.
export { SignClient } from '@walletconnect/sign-client'
