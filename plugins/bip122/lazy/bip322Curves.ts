// The curve and hash code of the sign-in verifier, loaded with `await import()` when a signature is checked.
export { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
export { ripemd160 } from '@noble/hashes/legacy.js'
export { sha256 } from '@noble/hashes/sha2.js'
