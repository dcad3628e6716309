// `portico/kernel`: the whole kernel — `createPorticoKernel`, the stores, hooks, registries,
// services and actions' helpers — on top of everything in `portico` (kernel/index.ts). A page
// imports `portico`; this loads with the kernel (`createPortico(…).load()`), and hosts, tests and
// plugins' lazily loaded code import it.
export * from './index.js'
// Every kernel error class (`portico/errors`), and the JSON Schema check plugin options go through.
export * from './errors/index.js'
export { validateSchema } from './plugin/validateSchema.js'
export { validatePlugins } from './options/validatePlugins.js'
export type { ValidatePluginsErrorType } from './options/validatePlugins.js'
export { createPorticoKernel } from './createPorticoKernel.js'
export { createPluginContext } from './plugin/createPluginContext.js'
export { registerChainAdapter } from './plugin/registerChainAdapter.js'
// The chain plugins' shared parts live in portico/chain-kit (chain-kit/); re-exported for what imported them from here.
export { callJsonApi, createWalletStandardDiscovery, createWalletStandardSession, injectedWalletsOption, lazySignInVerifier, reconnectTimeoutOption, walletRefusedError } from '../chain-kit/index.js'
export type { CallJsonApiFailure, CallJsonApiParameters, SignInVerify } from '../chain-kit/index.js'
export { loadPeer } from './plugin/loadPeer.js'
export { pluginContextCatalogue } from './plugin/createPluginContext.js'
export { readonlyStores, storeMethods, StoreIsReadOnlyError } from './stores/readonlyStores.js'
export { PluginHookRegistry } from './registries/PluginHookRegistry.js'
export { createHooks, hookCatalogue } from './hooks/createHooks.js'
export { listTaps } from './hooks/listTaps.js'
export {
  AsyncParallelHook,
  AsyncSeriesBailHook,
  AsyncSeriesHook,
  AsyncSeriesWaterfallHook,
  HookMap,
  SyncBailHook,
  SyncHook,
  SyncWaterfallHook,
} from './hooks/hookClasses.js'
export { SendValidationError } from './actions/send.js'
export { requireHook } from './actions/requireHook.js'
export { constants, defaultConnectorTypeOrder, defaultFeatures, defaultRemoteFeatures, defaultSocials } from './options/defaults.js'
export { resolveRemoteFeatures } from './options/resolveRemoteFeatures.js'
export { getConnectMethodsOrder } from './options/getConnectMethodsOrder.js'
export { sanitizeConnectionUser } from './utils/sanitizeConnectionUser.js'
export { createAnalytics } from './services/createAnalytics.js'
export { createHttpClient, retryStatuses } from './services/createHttpClient.js'
export { cacheLifetimes, createStorage } from './services/createStorage.js'
export { storageKeys } from './services/storageKeys.js'
export { normalizeWalletName } from './stores/WalletStore.js'
export { blockchainApiTap } from './actions/tapBlockchainApi.js'
export { InvalidPluginMessagesError, MessageRegistry } from './registries/MessageRegistry.js'
export { ViewRegistry, DuplicateViewError } from './registries/ViewRegistry.js'
export { AddressValidatorRegistry } from './registries/AddressValidatorRegistry.js'
export { ChainAdapterRegistry } from './registries/ChainAdapterRegistry.js'
export { ExplorerRegistry } from './registries/ExplorerRegistry.js'
export { BuiltinWalletRegistry } from './registries/BuiltinWalletRegistry.js'
export { AccountActionRegistry, accountActionOrder, InvalidAccountActionError } from './registries/AccountActionRegistry.js'
export { AccountBadgeRegistry, InvalidAccountBadgeError } from './registries/AccountBadgeRegistry.js'
export { ConnectMethodRegistry, InvalidConnectMethodError } from './registries/ConnectMethodRegistry.js'
export { SignInVerifierRegistry } from './registries/SignInVerifierRegistry.js'
export { formatBalance } from './utils/formatBalance.js'
export { formatDecimalUnits } from './utils/formatDecimalUnits.js'
export { parseChainId } from './utils/parseChainId.js'
export { parseDecimalUnits } from './utils/parseDecimalUnits.js'
export { hasLoneSurrogate, memoByteLength } from './actions/sendMemoRule.js'
export { toHexChainId } from './utils/toHexChainId.js'
export { sanitizeDirectoryWallet } from './utils/sanitizeDirectoryWallet.js'
export { walletBrowseLink } from './utils/walletBrowseLink.js'
export type { WalletBrowseLinkParameters } from './utils/walletBrowseLink.js'
export { alertForMessage, alerts, notices, providerMessageAlerts } from './errors/alerts.js'
