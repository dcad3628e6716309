// `portico/stacks/server`: the stacks plugin's chain code for Node (a site's backend, the sandbox):
// c32check account addresses (encode, decode, check, the version bytes) and the sign-in verifier.
// Never part of a page: a site's page imports `portico/stacks`.
export { encodeStacksAddress } from '../utils/encodeStacksAddress.js'
export { decodeStacksAddress } from '../utils/decodeStacksAddress.js'
export type { DecodeStacksAddressReturnType } from '../utils/decodeStacksAddress.js'
export { isStacksAddress } from '../utils/isStacksAddress.js'
export { stacksAddressVersions } from '../utils/stacksAddressVersions.js'
export type { StacksAddressNetwork } from '../utils/stacksAddressVersions.js'
export { verifyStacksMessageSignature } from '../actions/verifyStacksMessageSignature.js'
export type { VerifyStacksMessageSignatureParameters } from '../actions/verifyStacksMessageSignature.js'
export { stacksVerifier } from './stacksVerifier.js'
