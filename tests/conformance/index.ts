// `portico/testing`: the chain-plugin contract, for Portico's own plugins and third parties'.
export { capabilityHooks, checkPlugin } from './checkPlugin.js'
export type { CheckPluginParameters, CheckPluginReturnType } from './checkPlugin.js'
export { runChainPluginConformance } from './runChainPluginConformance.js'
export type { ConformanceChain, ConformanceCheck, ConformanceWallet, RunChainPluginConformanceParameters, RunChainPluginConformanceReturnType } from './runChainPluginConformance.js'
export { checkImportSideEffects } from './checkImportSideEffects.js'
export type { CheckImportSideEffectsParameters, CheckImportSideEffectsReturnType } from './checkImportSideEffects.js'
export { scanForCodeGeneration } from './scanForCodeGeneration.js'
// The dev test wallets: real keys, real signatures, no network but the chain you point them at.
export { createDevWalletProvider } from '../../sandbox/devWallet/createDevWalletProvider.js'
export type { CreateDevWalletProviderParameters, DevWalletChain, DevWalletEip1193Provider } from '../../sandbox/devWallet/createDevWalletProvider.js'
export { createSolanaDevWallet } from '../../sandbox/solanaWallet/createSolanaDevWallet.js'
export type { CreateSolanaDevWalletParameters, SolanaDevWalletControl } from '../../sandbox/solanaWallet/createSolanaDevWallet.js'
export { registerWalletStandardWallet } from '../../sandbox/solanaWallet/registerWalletStandardWallet.js'
