// What the eip155 signer's `getWalletClient()` needs from viem, loaded with `await import()` when a site first asks
// for a WalletClient. Unlike the plugin's own viem chunks (viemClient.ts, bundled tree-shaken by rollup.config.mjs's
// bundleLazyViem), this one imports the package: the client a site gets is built by the site's viem, so its actions'
// errors are the classes the site imports (`error.walk((e) => e instanceof ContractFunctionRevertedError)` holds) and a
// site that uses viem does not load a second copy. A private bundled copy measured the same (about 67 KiB gzip: the
// wallet actions, their errors and secp256k1 for EIP-7702 authorizations), docs/performance.md.
export { createWalletClient, custom } from 'viem'
