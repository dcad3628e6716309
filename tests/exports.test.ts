import { describe, expect, it } from 'vitest'
import * as kernel from '../kernel/index.js'
import * as fullKernel from '../kernel/kernel.js'
import * as testing from '../tests/conformance/index.js'
import * as ui from '../ui/index.js'
import * as uiKit from '../ui/kit.js'
import * as elements from '../ui/elements/index.js'
import * as eip155 from '../plugins/eip155/index.js'
import * as siwx from '../plugins/siwx/index.js'
import * as siwxServer from '../plugins/siwx/server/index.js'
import * as bip122 from '../plugins/bip122/index.js'
import * as solana from '../plugins/solana/index.js'
import * as cosmos from '../plugins/cosmos/index.js'
import * as stacks from '../plugins/stacks/index.js'
import * as polkadot from '../plugins/polkadot/index.js'
import * as walletconnect from '../plugins/walletconnect/index.js'
import * as authPlugin from '../plugins/auth/index.js'
import * as ledgerPlugin from '../plugins/ledger/index.js'
import * as callsPlugin from '../plugins/calls/index.js'
import * as wagmiBridge from '../integrations/wagmi/index.js'

// Pins every entry point's export names: adding or removing a public name is a deliberate change.
describe('entry point exports', () => {
  it('portico', () => {
    expect(Object.keys(kernel).sort()).toMatchInlineSnapshot(`
      [
        "BaseError",
        "ChainNotSupportedError",
        "ConnectFailedError",
        "ConnectionNotFoundError",
        "ConnectionRejectedError",
        "DisconnectFailedError",
        "DuplicatePluginError",
        "HttpRequestError",
        "InvalidCaipAddressError",
        "InvalidCaipNetworkIdError",
        "InvalidNetworkError",
        "InvalidOptionError",
        "InvalidPluginError",
        "InvalidPluginOptionsError",
        "InvalidThemeVariableError",
        "ModalClosedError",
        "NamespaceWithoutPluginError",
        "NetworkNotFoundError",
        "NoActivitySourceError",
        "NoAnswerError",
        "NoNetworksError",
        "NoPluginForHookError",
        "NotConnectedError",
        "PluginHooksDeclaredError",
        "PluginHooksNotFoundError",
        "PluginNotLoadedError",
        "PluginRequiredError",
        "PluginSetupError",
        "ProviderRpcError",
        "SiweAndSiwxError",
        "StorageValueDroppedError",
        "StorageWriteError",
        "TimeoutError",
        "UrlRequiredError",
        "createPortico",
        "defaultEndpoints",
        "defaultStorage",
        "definePlugin",
        "formatCaipAddress",
        "formatCaipNetworkId",
        "formatRestoreHint",
        "forwardedActions",
        "isCaipAddress",
        "isCaipNetworkId",
        "isEmailAddress",
        "isRestoreHint",
        "loadPlugins",
        "maxEmailLength",
        "nodeErrorMessages",
        "parseCaipAddress",
        "parseCaipNetworkId",
        "porticoHandleOf",
        "readCode",
        "readRestoreHint",
        "readStartupState",
        "resolveEndpoints",
        "restoreCookieMaxAge",
        "restoreCookieName",
        "restoreHintLimits",
        "rpcErrorCodes",
        "safeDeepLink",
        "safeHttpUrl",
        "sanitizeThemeVariables",
        "sdkVersionOf",
        "themeVariableNames",
        "toPorticoHandle",
        "userRejectionCodes",
        "validateOptions",
        "validateSchema",
        "version",
      ]
    `)
  })
  it('portico/react', () => {
    expect(Object.keys(ui).sort()).toMatchInlineSnapshot(`
      [
        "AccountButton",
        "ConnectButton",
        "MissingProviderError",
        "NetworkButton",
        "PorticoContext",
        "PorticoHandleContext",
        "PorticoProvider",
        "directionOf",
        "loadUi",
        "prefetchPortico",
        "preloadLocale",
        "resolveLocale",
        "supportedLocales",
        "useAccount",
        "useBalance",
        "useConnections",
        "useDisconnect",
        "useLocale",
        "useModal",
        "useNetwork",
        "usePortico",
        "usePorticoHandle",
        "usePorticoState",
        "useWallets",
      ]
    `)
  })
  it('portico/kernel adds to portico', () => {
    expect(Object.keys(fullKernel).filter((name) => !(name in kernel)).sort()).toMatchInlineSnapshot(`
      [
        "AccountActionRegistry",
        "AccountBadgeRegistry",
        "AddressValidatorRegistry",
        "AsyncParallelHook",
        "AsyncSeriesBailHook",
        "AsyncSeriesHook",
        "AsyncSeriesWaterfallHook",
        "BuiltinWalletRegistry",
        "ConnectMethodRegistry",
        "DuplicateViewError",
        "ExplorerRegistry",
        "HookMap",
        "InvalidAccountActionError",
        "InvalidAccountBadgeError",
        "InvalidConnectMethodError",
        "InvalidPluginMessagesError",
        "MessageRegistry",
        "PluginHookRegistry",
        "SendValidationError",
        "SignInVerifierRegistry",
        "StartupProbeError",
        "StoreIsReadOnlyError",
        "SyncBailHook",
        "SyncHook",
        "SyncWaterfallHook",
        "ViewRegistry",
        "accountActionOrder",
        "alertForMessage",
        "alerts",
        "blockchainApiTap",
        "cacheLifetimes",
        "constants",
        "createAnalytics",
        "createHooks",
        "createHttpClient",
        "createPluginContext",
        "createPorticoKernel",
        "createStorage",
        "createWalletStandardDiscovery",
        "createWalletStandardSession",
        "defaultConnectorTypeOrder",
        "defaultFeatures",
        "defaultRemoteFeatures",
        "defaultSocials",
        "formatBalance",
        "formatDecimalUnits",
        "getConnectMethodsOrder",
        "hookCatalogue",
        "listTaps",
        "normalizeWalletName",
        "notices",
        "parseChainId",
        "parseDecimalUnits",
        "pluginContextCatalogue",
        "providerMessageAlerts",
        "readonlyStores",
        "registerChainAdapter",
        "requireHook",
        "resolveRemoteFeatures",
        "retryStatuses",
        "sanitizeConnectionUser",
        "sanitizeDirectoryWallet",
        "storageKeys",
        "storeMethods",
        "toHexChainId",
      ]
    `)
  })

  it('portico/react/kit adds to portico/react', () => {
    expect(Object.keys(uiKit).filter((name) => !(name in ui)).sort()).toMatchInlineSnapshot(`
      [
        "Button",
        "EmptyState",
        "Icon",
        "IconButton",
        "Spinner",
        "StatusPanel",
        "TokenSummary",
        "WalletIcon",
        "closeAfterConnect",
        "en",
        "safeImageSrc",
        "translate",
        "truncateAddress",
        "useAnnounce",
        "useFormat",
        "useTranslate",
        "walletImageSrc",
      ]
    `)
  })

  it('portico/elements', () => {
    expect(Object.keys(elements).sort()).toMatchInlineSnapshot(`
      [
        "ElementsAlreadyDefinedError",
        "InvalidElementPrefixError",
        "definePorticoElements",
      ]
    `)
  })
  it('portico/eip155', () => {
    expect(Object.keys(eip155).sort()).toMatchInlineSnapshot(`
      [
        "arbitrum",
        "base",
        "defineNetwork",
        "eip155",
        "mainnet",
        "meta",
        "optimism",
        "polygon",
        "sepolia",
      ]
    `)
  })
  it('portico/siwx', () => {
    expect(Object.keys(siwx).sort()).toMatchInlineSnapshot(`
      [
        "SiwxBackendError",
        "SiwxChainNotConfiguredError",
        "SiwxDomainMismatchError",
        "SiwxExpiredError",
        "SiwxInitializeError",
        "SiwxInvalidMessageError",
        "SiwxInvalidSignatureError",
        "SiwxIssuedInFutureError",
        "SiwxMessageError",
        "SiwxNonceReusedError",
        "SiwxNotYetValidError",
        "SiwxSignInError",
        "SiwxUnknownNonceError",
        "SiwxUnsupportedNamespaceError",
        "SiwxUriMismatchError",
        "SiwxVerificationError",
        "createLocalSessionStore",
        "createSiwxMessage",
        "createSiwxServerStore",
        "generateNonce",
        "isSiwxSession",
        "meta",
        "parseSiwxMessage",
        "siwx",
      ]
    `)
  })
  it('portico/siwx/server', () => {
    expect(Object.keys(siwxServer).sort()).toMatchInlineSnapshot(`
      [
        "SiwxChainNotConfiguredError",
        "SiwxDomainMismatchError",
        "SiwxExpiredError",
        "SiwxInvalidMessageError",
        "SiwxInvalidSignatureError",
        "SiwxIssuedInFutureError",
        "SiwxNonceReusedError",
        "SiwxNotYetValidError",
        "SiwxUnknownNonceError",
        "SiwxUriMismatchError",
        "SiwxVerificationError",
        "createMemoryNonceStore",
        "createMemorySessionStore",
        "createSiwxServer",
        "eip155Verifier",
        "parseSiwxMessage",
      ]
    `)
  })
  it('portico/cosmos', () => {
    expect(Object.keys(cosmos).sort()).toMatchInlineSnapshot(`
      [
        "CosmosAmountError",
        "CosmosNetworkError",
        "CosmosRestRequestError",
        "CosmosTransactionFailedError",
        "cosmos",
        "cosmosHub",
        "cosmosLocalnet",
        "defineCosmosNetwork",
        "meta",
        "osmosis",
        "osmosisTestnet",
      ]
    `)
  })
  it('portico/stacks', () => {
    expect(Object.keys(stacks).sort()).toMatchInlineSnapshot(`
      [
        "StacksAmountError",
        "StacksApiRequestError",
        "StacksNetworkError",
        "defineStacksNetwork",
        "meta",
        "stacks",
        "stacksLocalnet",
        "stacksMainnet",
        "stacksTestnet",
      ]
    `)
  })
  it('portico/bip122', () => {
    expect(Object.keys(bip122).sort()).toMatchInlineSnapshot(`
      [
        "BitcoinAmountError",
        "BitcoinApiError",
        "BitcoinWalletFeatureError",
        "bip122",
        "bitcoinMainnet",
        "bitcoinRegtest",
        "bitcoinSignet",
        "bitcoinTestnet4",
        "defineBitcoinNetwork",
        "meta",
      ]
    `)
  })
  it('portico/polkadot', () => {
    expect(Object.keys(polkadot).sort()).toMatchInlineSnapshot(`
      [
        "definePolkadotNetwork",
        "kusama",
        "meta",
        "polkadot",
        "polkadotMainnet",
        "westend",
      ]
    `)
  })
  it('portico/solana', () => {
    expect(Object.keys(solana).sort()).toMatchInlineSnapshot(`
      [
        "SolanaAmountError",
        "SolanaRentExemptError",
        "SolanaRpcRequestError",
        "SolanaTokenError",
        "SolanaTransactionFailedError",
        "SolanaWalletFeatureError",
        "defineSolanaNetwork",
        "meta",
        "solana",
        "solanaDevnet",
        "solanaLocalnet",
        "solanaMainnet",
        "solanaTestnet",
      ]
    `)
  })
  it('portico/walletconnect', () => {
    expect(Object.keys(walletconnect).sort()).toMatchInlineSnapshot(`
      [
        "InvalidWalletResponseError",
        "MethodNotApprovedError",
        "NamespaceNotApprovedError",
        "PairingCancelledError",
        "RelayUnavailableError",
        "WalletConnectConfigError",
        "WalletConnectPeerError",
        "meta",
        "pairingExpiryMarginMs",
        "pairingWindowMs",
        "pendingPairingKey",
        "sessionTopicKey",
        "walletConnect",
        "walletConnectConnectorId",
      ]
    `)
  })
  it('portico/auth', () => {
    expect(Object.keys(authPlugin).sort()).toMatchInlineSnapshot(`
      [
        "AuthConnectorNotFoundError",
        "AuthFrameError",
        "FrameUnavailableError",
        "InvalidCodeError",
        "InvalidEmailError",
        "NotConnectedToAuthError",
        "PopupClosedError",
        "SocialConnectionError",
        "auth",
        "authConnectorId",
        "filterSocials",
        "meta",
      ]
    `)
  })
  it('portico/calls', () => {
    expect(Object.keys(callsPlugin).sort()).toMatchInlineSnapshot(`
      [
        "CallsStatusNotApprovedError",
        "CallsStatusTimeoutError",
        "InvalidCallsError",
        "InvalidWalletAnswerError",
        "MissingCapabilitiesAddressError",
        "SequentialCallsError",
        "UserOperationReceiptError",
        "calls",
        "meta",
        "sequentialIdPrefix",
        "useCallsStatus",
        "useCapabilities",
        "useSendCalls",
        "useShowCallsStatus",
      ]
    `)
  })
  it('portico/ledger', () => {
    expect(Object.keys(ledgerPlugin).sort()).toMatchInlineSnapshot(`
      [
        "LedgerAccountNotChosenError",
        "LedgerAppNotOpenError",
        "LedgerBlindSigningError",
        "LedgerDeviceError",
        "LedgerDisconnectedError",
        "LedgerLockedError",
        "LedgerNotSelectedError",
        "LedgerPathError",
        "LedgerUnsupportedBrowserError",
        "ledger",
        "ledgerConnectorId",
        "ledgerStorageKey",
        "meta",
        "toLedgerError",
      ]
    `)
  })

  it('portico/wagmi', () => {
    expect(Object.keys(wagmiBridge).sort()).toMatchInlineSnapshot(`
      [
        "Eip155PluginMissingError",
        "InvalidPorticoInstanceError",
        "UnknownPorticoChainError",
        "createPorticoProvider",
        "portico",
      ]
    `)
  })

  it('portico/testing', () => {
    expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
      [
        "capabilityHooks",
        "checkImportSideEffects",
        "checkPlugin",
        "createDevWalletProvider",
        "createSolanaDevWallet",
        "registerWalletStandardWallet",
        "runChainPluginConformance",
        "scanForCodeGeneration",
      ]
    `)
  })
})
