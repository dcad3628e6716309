// The ed25519 code the sign-in verifier needs, loaded only when a signature is verified.
export { ed25519 } from '@noble/curves/ed25519'
export { hexToBytes } from '@noble/hashes/utils'
