// `portico/errors`: every error class the kernel throws, each with a stable `code` and a docs link
// (docs/kernel/errors.md). Apart from `portico` so that a page which never catches one never loads
// one: with code splitting, a bundler may put every module an entry exports into the page's first
// chunk when the lazily loaded kernel uses it too. `portico` keeps the few that `createPortico` and
// its handle throw at page start (BaseError, the options, CAIP, storage and plugin-load errors);
// a plugin's own errors come from `portico/<plugin>/errors`.
export { BaseError } from './BaseError.js'
export type { BaseErrorParameters, BaseErrorType } from './BaseError.js'
export { InvalidCaipAddressError, InvalidCaipNetworkIdError } from './caip.js'
export type { InvalidCaipAddressErrorType, InvalidCaipNetworkIdErrorType } from './caip.js'
export {
  ChainNotSupportedError,
  ConnectFailedError,
  ConnectionNotFoundError,
  ConnectionRejectedError,
  DisconnectFailedError,
  ModalClosedError,
  NetworkNotFoundError,
  NoActivitySourceError,
  NotConnectedError,
} from './connection.js'
export { HttpRequestError, TimeoutError, UrlRequiredError } from './http.js'
export {
  DuplicatePluginError,
  InvalidNetworkError,
  InvalidOptionError,
  InvalidPluginError,
  InvalidPluginOptionsError,
  InvalidThemeVariableError,
  NamespaceWithoutPluginError,
  NoNetworksError,
  SiweAndSiwxError,
} from './options.js'
export { NoAnswerError, NoPluginForHookError, PluginHooksDeclaredError, PluginHooksNotFoundError, PluginRequiredError, PluginSetupError } from './plugin.js'
export { PluginNotLoadedError } from './pluginNotLoaded.js'
export { UnsupportedOptionError } from './unsupportedOption.js'
export { StartupProbeError } from './startup.js'
export { ProviderRpcError, readCode } from './ProviderRpcError.js'
export { nodeErrorMessages, rpcErrorCodes, userRejectionCodes } from './rpcErrorCodes.js'
export type { RpcErrorCode } from './rpcErrorCodes.js'
export { StorageValueDroppedError, StorageWriteError } from './storage.js'
