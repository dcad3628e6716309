// What reading a balance, a receipt or an account's code needs from viem, loaded with `await import()` on the first read:
// a bare client and its transports (the plugin sends the JSON-RPC requests itself, without viem's actions and their
// formatters); the build bundles them tree-shaken into this chunk (rollup.config.mjs, bundleLazyViem).
export { createClient, fallback, http } from 'viem'
