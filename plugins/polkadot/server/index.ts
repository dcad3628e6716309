// `portico/polkadot/server`: the polkadot plugin's chain code for Node (a site's backend, a faucet,
// the Portico server): SS58 addresses, the node's JSON-RPC, the runtime read from its metadata
// (SCALE codecs for storage and calls), `System.Account`, a balance transfer (plan, submit, wait)
// and the sign-in verifier. Never part of a page: a site's page imports `portico/polkadot`.
export { decodeSs58, encodeSs58, isPolkadotAddress } from '../utils/ss58.js'
export type { Ss58Prefix } from '../utils/ss58.js'
export { callPolkadotRpc } from '../actions/callPolkadotRpc.js'
export type { PolkadotRuntime } from '../actions/readPolkadotRuntime.js'
export type { PolkadotAccount } from '../actions/readPolkadotAccount.js'
export type { PolkadotTransferPlan } from '../actions/planPolkadotTransfer.js'
// The actions that use the optional peers load them on their first call (MissingPeerDependencyError
// names a missing one); the entry itself imports none of them.
export { planPolkadotTransfer, readPolkadotAccount, readPolkadotRuntime, sendPolkadotTransfer, verifyPolkadotSignature, waitForPolkadotTransaction } from './peerActions.js'
export { polkadotVerifier } from './polkadotVerifier.js'
export { PolkadotAmountError, PolkadotRpcRequestError, PolkadotSignedExtensionError, PolkadotTransactionRefusedError } from '../errors.js'
