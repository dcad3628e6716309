// `portico`: what a page needs to start — `createPortico`, the handle it returns, `definePlugin`,
// the errors those throw, the CAIP helpers and every type — and nothing that runs the kernel: that
// loads with `createPortico(…).load()` (or from `portico/kernel`, the whole kernel, for hosts,
// tests and plugins' lazily loaded code). Keep this file light: with code splitting, a bundler may
// put every module exported here into the page's first chunk.
export { createPortico, forwardedActions } from './startup/createPortico.js'
export type { CreatePorticoParameters, CreatePorticoReturnType, ForwardedAction, PorticoHandle } from './startup/createPortico.js'
export { porticoHandleOf, toPorticoHandle } from './startup/porticoHandleOf.js'
export { readStartupState } from './startup/readStartupState.js'
export { resolveEndpoints, sdkVersionOf } from './options/resolveEndpoints.js'
// Re-exported from portico/chain-kit (chain-kit/), where the chain plugins' shared parts live.
export { defineChainNetwork } from '../chain-kit/defineChainNetwork.js'
export type { ChainNetworkParameters } from '../chain-kit/defineChainNetwork.js'
export type { ReadStartupStateReturnType } from './startup/readStartupState.js'
export type { CreatePorticoKernelParameters, CreatePorticoKernelReturnType, KernelStartup } from './createPorticoKernel.js'
export type { PluginActions, Portico, PorticoBase, PorticoServices, PorticoState, SubscribeEvents } from './types/portico.js'
export { loadPlugins } from './plugin/loadPlugins.js'
export { definePlugin } from './plugin/definePlugin.js'
export type { DefinePluginParameters, DefinePluginReturnType } from './plugin/definePlugin.js'
export { defineLazyPlugin, lazyCode } from './plugin/defineLazyPlugin.js'
export type { DefineLazyPluginParameters, LazyCode, LazyPluginModule } from './plugin/defineLazyPlugin.js'
export type { PluginContext, PluginContextGroup } from './plugin/createPluginContext.js'
export type { ReadonlyRootStore, ReadonlyStore } from './stores/readonlyStores.js'
export type { CloseGuard } from './stores/ModalStore.js'
export type { DeclaredHooks, HookLike } from './registries/PluginHookRegistry.js'
export type { TapRecord } from './hooks/listTaps.js'
export type { HookDoc, HookName, Hooks } from './hooks/createHooks.js'
export type { SendParameters } from './actions/send.js'
export type { SendTransactionParameters } from './actions/sendTransaction.js'
export type { ConnectParameters } from './actions/connect.js'
export type { SwitchConnectionParameters } from './actions/switchConnection.js'
export type { DeleteConnectionParameters } from './actions/deleteConnection.js'
export type { OpenModalParameters } from './actions/openModal.js'
export type { SignMessageParameters } from './actions/signMessage.js'
export type { RequestParameters } from './actions/request.js'
export type { WalletRequestErrorType, WalletRequestParameters, WalletRequestReturnType } from './actions/walletRequest.js'
export type { GetAccountReturnType } from './actions/getAccount.js'
export type { ConnectMethod, ConnectorTypeOrderItem, Features, RemoteFeatures, SocialProvider, WalletFeature } from './options/defaults.js'
export type { RemoteFeatureEntry } from './options/resolveRemoteFeatures.js'
export { validateOptions } from './options/validateOptions.js'
export type { Analytics } from './services/createAnalytics.js'
export type { HttpClient, HttpParams } from './services/createHttpClient.js'
export { defaultStorage } from './services/defaultStorage.js'
export type { PorticoStorage, StorageBackend } from './services/createStorage.js'
export type { RootStore } from './stores/createRootStore.js'
export type { DirectoryStore } from './stores/DirectoryStore.js'
export type { ToastVariant, Toast, ToastLink } from './stores/ToastStore.js'
export type { AddressValidator } from './registries/AddressValidatorRegistry.js'
export type { AccountAction, AccountActionPlacement } from './registries/AccountActionRegistry.js'
export type { AccountBadge, BadgeAccount } from './registries/AccountBadgeRegistry.js'
export type { ConnectMethodSection, PluginConnectMethod } from './registries/ConnectMethodRegistry.js'
export type { ExplorerUrlBuilder } from './registries/ExplorerRegistry.js'
export type { SignInVerifier } from './registries/SignInVerifierRegistry.js'
export type { ChainAdapter, ChainAdapterMethodName } from './types/chainAdapter.js'
export type { NamespaceSigner, PorticoSigners, SignerConnection, SignerContext, SignerOf } from './types/signer.js'
export type { ChainAdapterMethods } from './registries/ChainAdapterRegistry.js'
export type {
  CreateWalletStandardDiscoveryParameters,
  CreateWalletStandardDiscoveryReturnType,
  DiscoveredStandardWallet,
  WalletStandardRegistry,
} from '../chain-kit/walletStandard/createWalletStandardDiscovery.js'
export type { CreateWalletStandardSessionParameters, WalletStandardSession } from '../chain-kit/walletStandard/createWalletStandardSession.js'
export { safeDeepLink } from './utils/safeDeepLink.js'
export { svgDataUrl } from './utils/svgDataUrl.js'
export { isEmailAddress, maxEmailLength } from './utils/isEmailAddress.js'
export { safeHttpUrl } from './utils/safeHttpUrl.js'
export { formatCaipAddress } from './utils/formatCaipAddress.js'
export { formatCaipNetworkId } from './utils/formatCaipNetworkId.js'
export { isCaipAddress } from './utils/isCaipAddress.js'
export { isCaipNetworkId } from './utils/isCaipNetworkId.js'
export { parseCaipAddress } from './utils/parseCaipAddress.js'
export { parseCaipNetworkId } from './utils/parseCaipNetworkId.js'
export { readRestoreHint } from './utils/readRestoreHint.js'
export type { ReadRestoreHintParameters, ReadRestoreHintReturnType } from './utils/readRestoreHint.js'
export { formatRestoreHint } from './utils/formatRestoreHint.js'
export { isRestoreHint } from './utils/isRestoreHint.js'
export { sanitizeThemeVariables } from './utils/sanitizeThemeVariables.js'
export type { SanitizeThemeVariablesReturnType } from './utils/sanitizeThemeVariables.js'
export { BaseError } from './errors/BaseError.js'
export type { BaseErrorParameters } from './errors/BaseError.js'
export type { Alert, AlertCode, Notice, NoticeCode } from './errors/alerts.js'
// The errors `createPortico` and its handle throw at page start; every kernel error class is in
// `portico/errors` (and `portico/kernel`), a plugin's in `portico/<plugin>/errors`.
export { InvalidCaipAddressError, InvalidCaipNetworkIdError } from './errors/caip.js'
export {
  DuplicatePluginError,
  InvalidNetworkError,
  InvalidOptionError,
  InvalidPluginError,
  InvalidPluginOptionsError,
  NamespaceWithoutPluginError,
  NoNetworksError,
  InvalidThemeVariableError,
  SiweAndSiwxError,
} from './errors/options.js'
export { PluginNotLoadedError } from './errors/pluginNotLoaded.js'
export type { RpcErrorCode } from './errors/rpcErrorCodes.js'
export { StorageValueDroppedError, StorageWriteError } from './errors/storage.js'
export type { Nft, TokenBalance, Transaction, TransactionTransfer } from './types/account.js'
export type { CaipAddress, CaipNetworkId, ChainNamespace, KnownChainNamespace } from './types/caip.js'
export type { AccountType, ConnectionAccount, ConnectionSnapshot, ConnectionsSnapshot, ConnectionStatus, ConnectResult, ConnectionChannel, ConnectionMethod, ConnectionRequest, ConnectionUser, ReportOptions, WalletConnection } from './types/connection.js'
export type { PorticoEvent, PorticoEventName } from './types/events.js'
export type * from './types/hooks.js'
export type { JsonSchema } from './types/jsonSchema.js'
export type { Network } from './types/network.js'
export { defaultEndpoints } from './types/options.js'
export type { Endpoints, Metadata, PorticoOptions } from './types/options.js'
export { restoreCookieMaxAge, restoreCookieName, restoreHintLimits } from './types/restoreHint.js'
export type { CookieJar, RestoreCookieOptions, RestoreHint, RestoreHintConnection } from './types/restoreHint.js'
export { themeVariableNames } from './types/theme.js'
export type { PorticoThemeVariableName, PorticoThemeVariables } from './types/theme.js'
export type { Capability, Disposer, Plugin, PluginKind, PluginMeta, SendMemoRule, StartupProbeContext, WalletConnectNamespace } from './types/plugin.js'
export type { KnownView, RouteData, View, ViewDescriptor } from './types/view.js'
export type { ConnectorType, DirectoryWallet, WalletConnector } from './types/wallet.js'
export { version } from './version.js'
