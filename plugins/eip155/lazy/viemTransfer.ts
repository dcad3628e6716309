// What building a transfer needs from viem, loaded with `await import()` on the first send (bundled tree-shaken into
// this chunk: rollup.config.mjs, bundleLazyViem).
export { numberToHex, pad } from 'viem'
