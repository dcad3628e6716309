// What Sui signature checks need from @noble, loaded with `await import()` on the first sign-in
// verification (and by the sandbox ledger, which checks every transaction with it).
export { ed25519 } from '@noble/curves/ed25519.js'
export { p256 } from '@noble/curves/nist.js'
export { secp256k1 } from '@noble/curves/secp256k1.js'
export { blake2b } from '@noble/hashes/blake2.js'
export { sha256 } from '@noble/hashes/sha2.js'
