// What reading a sequential batch's receipts needs from viem, loaded with `await import()` on the first read: a bare client
// and one action; the build bundles them tree-shaken into this chunk (rollup.config.mjs, bundleLazyViem).
export { createClient, http } from 'viem'
export { getTransactionReceipt } from 'viem/actions'
