// `portico/sui/server`: the sui plugin's chain code for Node (a site's backend, the sandbox): account
// addresses, who signed a transaction or a personal message (`recoverSuiSigner`) and the sign-in
// verifier. Never part of a page: a site's page imports `portico/sui`.
export { isSuiAddress } from '../utils/isSuiAddress.js'
export { recoverSuiSigner } from '../actions/recoverSuiSigner.js'
export type { RecoverSuiSignerParameters, RecoverSuiSignerReturnType, SuiIntentScope } from '../actions/recoverSuiSigner.js'
export { verifySuiPersonalMessage } from '../actions/verifySuiPersonalMessage.js'
export { suiVerifier } from './suiVerifier.js'
