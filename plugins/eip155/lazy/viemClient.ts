// What reading a balance and following a transaction need from viem, loaded with `await import()` on the first read. Named
// imports, a bare client and the few actions keep it small (createPublicClient brings every action); the build bundles
// them tree-shaken into this chunk (rollup.config.mjs, bundleLazyViem).
export { createClient, fallback, http, TransactionReceiptNotFoundError } from 'viem'
export { getCode, getTransactionReceipt } from 'viem/actions'
