// `portico/solana/server`: the solana plugin's chain code for Node (a site's backend, the sandbox):
// account addresses and the sign-in verifier (ed25519). Never part of a page: a site's page
// imports `portico/solana`.
export { isSolanaAddress } from '../utils/isSolanaAddress.js'
export { verifySolanaSignature } from '../actions/verifySolanaSignature.js'
export { solanaVerifier } from './solanaVerifier.js'
