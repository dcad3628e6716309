// `portico/sui`: the Sui chain plugin (Wallet Standard) and Sui networks. Light on purpose (a
// page's first bytes): the plugin's setup and the helpers it shares (address rules, coin types,
// Wallet Standard chain names) load with the kernel (`sui().load()`), so they are not exported here.
export { sui } from './sui.js'
export type { SuiEnvironment, SuiOptions } from './sui.js'
export { defineSuiNetwork } from './networks/defineSuiNetwork.js'
export type { DefineSuiNetworkParameters } from './networks/defineSuiNetwork.js'
export { suiDevnet } from './networks/suiDevnet.js'
export { suiLocalnet } from './networks/suiLocalnet.js'
export { suiMainnet } from './networks/suiMainnet.js'
export { suiTestnet } from './networks/suiTestnet.js'
export type { DiscoveredSuiWallet, SuiWalletRegistry } from './discovery/SuiWalletTypes.js'
// The site's own transactions: `portico.getSigner('sui')` / `useSigner('sui')`, typed by this import.
export type * from './types.js'
