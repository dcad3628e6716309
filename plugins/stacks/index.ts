// `portico/stacks`: the Stacks chain plugin (SIP-030 wallets) and Stacks networks. Light on purpose
// (a page's first bytes): the plugin's setup and the helpers it shares (c32check addresses with their
// sha256, the message hash and verifier, the default wallets) load with the kernel
// (`stacks().load()`), so they are not exported here.
export { stacks } from './stacks.js'
export type { StacksEnvironment, StacksOptions } from './stacks.js'
export { defineStacksNetwork } from './networks/defineStacksNetwork.js'
export type { DefineStacksNetworkParameters, StacksChainData, StacksNetwork } from './networks/defineStacksNetwork.js'
export { stacksMainnet } from './networks/stacksMainnet.js'
export { stacksTestnet } from './networks/stacksTestnet.js'
export { stacksLocalnet } from './networks/stacksLocalnet.js'
export type { StacksInjectedWallet, StacksProvider } from './discovery/createStacksWalletDiscovery.js'
// The site's own transactions: `portico.getSigner('stacks')` / `useSigner('stacks')` is typed as `StacksSigner`
// once this entry is imported (the declaration merging is in stacksSignerTypes.ts); its code loads when first asked for.
export type * from './signer/stacksSignerTypes.js'
