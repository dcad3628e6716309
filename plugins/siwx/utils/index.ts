// `portico/siwx/utils`: the CAIP-122 message builder and its strict parser, the nonce, the session
// guard and the browser's session store, for a site's own sign-in code in a browser or in Node.
// Apart from `portico/siwx` because the plugin's lazily loaded flow uses them too: exported from
// the page's entry, a bundler may put them in the page's first chunk (issue 44).
export { createSiwxMessage } from './createSiwxMessage.js'
export type { CreateSiwxMessageParameters } from './createSiwxMessage.js'
export { parseSiwxMessage } from './parseSiwxMessage.js'
export type { ParsedSiwxMessage, ParseSiwxMessageParameters } from './parseSiwxMessage.js'
export { generateNonce } from './generateNonce.js'
export { isSiwxSession } from './isSiwxSession.js'
export { createLocalSessionStore } from '../storage/createLocalSessionStore.js'
export type { CreateLocalSessionStoreParameters } from '../storage/createLocalSessionStore.js'
