// The curve and hash the sign-in verifier needs, loaded only when a signature is verified.
export { secp256k1 } from '@noble/curves/secp256k1.js'
export { sha256 } from '@noble/hashes/sha2.js'
export { ripemd160 } from '@noble/hashes/legacy.js'
