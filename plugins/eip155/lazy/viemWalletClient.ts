// What the eip155 signer's `getWalletClient()` needs from viem, loaded with `await import()` when a site first asks
// for a WalletClient: the client with its wallet actions and the custom transport over the signer's EIP-1193 `request`;
// the build bundles them tree-shaken into this chunk (rollup.config.mjs, bundleLazyViem).
export { createWalletClient, custom } from 'viem'
