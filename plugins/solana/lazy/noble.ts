// What signature checks and program-derived addresses need from @noble, loaded with
// `await import()` on the first send or sign-in verification.
export { ed25519 } from '@noble/curves/ed25519.js'
export { sha256 } from '@noble/hashes/sha2.js'
