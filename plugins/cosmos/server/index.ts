// `portico/cosmos/server`: the cosmos plugin's chain code for Node (a site's backend, the sandbox):
// bech32 account addresses, the bytes a Cosmos signature covers (the ADR-36 sign doc, amino's sorted
// JSON, the direct-mode SignDoc) and the sign-in verifier. Never part of a page: a site's page
// imports `portico/cosmos`.
export { isCosmosAddress } from '../utils/isCosmosAddress.js'
export { adr36SignDoc } from '../utils/adr36SignDoc.js'
export { sortedJson } from '../utils/sortedJson.js'
export { encodeSignDoc } from '../utils/encodeCosmosTx.js'
export { verifyCosmosSignature } from '../actions/verifyCosmosSignature.js'
export { cosmosVerifier } from './cosmosVerifier.js'
