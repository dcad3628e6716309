import { describe, expect, it } from 'vitest'
import * as kernel from '../kernel/index.js'
import * as fullKernel from '../kernel/kernel.js'
import * as kernelErrors from '../kernel/errors/index.js'
import * as chainKit from '../chain-kit/index.js'
import * as testing from '../tests/conformance/index.js'
import * as ui from '../ui/index.js'
import * as uiKit from '../ui/kit.js'
import * as elements from '../ui/elements/index.js'
import * as eip155 from '../plugins/eip155/index.js'
import * as siwx from '../plugins/siwx/index.js'
import * as siwxServer from '../plugins/siwx/server/index.js'
import * as bip122Server from '../plugins/bip122/server/index.js'
import * as cosmosServer from '../plugins/cosmos/server/index.js'
import * as polkadotServer from '../plugins/polkadot/server/index.js'
import * as stacksServer from '../plugins/stacks/server/index.js'
import * as suiServer from '../plugins/sui/server/index.js'
import * as solanaServer from '../plugins/solana/server/index.js'
import * as bip122 from '../plugins/bip122/index.js'
import * as solana from '../plugins/solana/index.js'
import * as solanaMobile from '../plugins/solana/mobile/index.js'
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
        "DuplicatePluginError",
        "InvalidCaipAddressError",
        "InvalidCaipNetworkIdError",
        "InvalidNetworkError",
        "InvalidOptionError",
        "InvalidPluginError",
        "InvalidPluginOptionsError",
        "InvalidThemeVariableError",
        "NamespaceWithoutPluginError",
        "NoNetworksError",
        "PluginNotLoadedError",
        "SiweAndSiwxError",
        "StorageValueDroppedError",
        "StorageWriteError",
        "createPortico",
        "defaultEndpoints",
        "defaultStorage",
        "defineChainNetwork",
        "defineLazyPlugin",
        "definePlugin",
        "formatCaipAddress",
        "formatCaipNetworkId",
        "formatRestoreHint",
        "forwardedActions",
        "isCaipAddress",
        "isCaipNetworkId",
        "isEmailAddress",
        "isRestoreHint",
        "lazyCode",
        "loadPlugins",
        "maxEmailLength",
        "parseCaipAddress",
        "parseCaipNetworkId",
        "porticoHandleOf",
        "readRestoreHint",
        "readStartupState",
        "resolveEndpoints",
        "restoreCookieMaxAge",
        "restoreCookieName",
        "restoreHintLimits",
        "safeDeepLink",
        "safeHttpUrl",
        "sanitizeThemeVariables",
        "sdkVersionOf",
        "svgDataUrl",
        "themeVariableNames",
        "toPorticoHandle",
        "validateOptions",
        "version",
      ]
    `)
  })
  it('portico/errors: every kernel error class, all in portico/kernel too; portico keeps those its handle throws', () => {
    const classes = Object.entries(kernelErrors).filter((entry): entry is [string, typeof kernelErrors.BaseError] => typeof entry[1] === 'function' && /^class /.test(String(entry[1])))
    expect(classes.length).toBeGreaterThan(30)
    for (const [name, value] of classes) {
      expect((fullKernel as Record<string, unknown>)[name], name).toBe(value)
      expect(value.prototype instanceof kernelErrors.BaseError || value === kernelErrors.BaseError, name).toBe(true)
    }
    expect(Object.keys(kernelErrors).filter((name) => name in kernel).sort()).toMatchInlineSnapshot(`
      [
        "BaseError",
        "DuplicatePluginError",
        "InvalidCaipAddressError",
        "InvalidCaipNetworkIdError",
        "InvalidNetworkError",
        "InvalidOptionError",
        "InvalidPluginError",
        "InvalidPluginOptionsError",
        "InvalidThemeVariableError",
        "NamespaceWithoutPluginError",
        "NoNetworksError",
        "PluginNotLoadedError",
        "SiweAndSiwxError",
        "StorageValueDroppedError",
        "StorageWriteError",
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
        "useSigner",
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
        "ChainAdapterRegistry",
        "ChainNotSupportedError",
        "ConnectFailedError",
        "ConnectMethodRegistry",
        "ConnectionNotFoundError",
        "ConnectionRejectedError",
        "DisconnectFailedError",
        "DuplicateViewError",
        "ExplorerRegistry",
        "HookMap",
        "HttpRequestError",
        "InvalidAccountActionError",
        "InvalidAccountBadgeError",
        "InvalidConnectMethodError",
        "InvalidPluginMessagesError",
        "MessageRegistry",
        "MissingPeerDependencyError",
        "ModalClosedError",
        "NetworkNotFoundError",
        "NoActivitySourceError",
        "NoAnswerError",
        "NoPluginForHookError",
        "NotConnectedError",
        "PluginHookRegistry",
        "PluginHooksDeclaredError",
        "PluginHooksNotFoundError",
        "PluginRequiredError",
        "PluginSetupError",
        "ProviderRpcError",
        "SendValidationError",
        "SignInVerifierRegistry",
        "StartupProbeError",
        "StoreIsReadOnlyError",
        "SyncBailHook",
        "SyncHook",
        "SyncWaterfallHook",
        "TimeoutError",
        "UnsupportedOptionError",
        "UrlRequiredError",
        "ViewRegistry",
        "accountActionOrder",
        "alertForMessage",
        "alerts",
        "blockchainApiTap",
        "cacheLifetimes",
        "callJsonApi",
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
        "hasLoneSurrogate",
        "hookCatalogue",
        "injectedWalletsOption",
        "lazySignInVerifier",
        "listTaps",
        "loadPeer",
        "memoByteLength",
        "nodeErrorMessages",
        "normalizeWalletName",
        "notices",
        "parseChainId",
        "parseDecimalUnits",
        "pluginContextCatalogue",
        "providerMessageAlerts",
        "readCode",
        "readonlyStores",
        "reconnectTimeoutOption",
        "registerChainAdapter",
        "requireHook",
        "resolveRemoteFeatures",
        "retryStatuses",
        "rpcErrorCodes",
        "sanitizeConnectionUser",
        "sanitizeDirectoryWallet",
        "storageKeys",
        "storeMethods",
        "toHexChainId",
        "userRejectionCodes",
        "validatePlugins",
        "validateSchema",
        "walletBrowseLink",
        "walletRefusedError",
      ]
    `)
  })

  it('portico/chain-kit: the chain plugins\' shared parts, each still the same value in portico/kernel (and defineChainNetwork in portico)', () => {
    expect(Object.keys(chainKit).sort()).toMatchInlineSnapshot(`
      [
        "callJsonApi",
        "createInjectedWalletPoller",
        "createWalletStandardDiscovery",
        "createWalletStandardSession",
        "defineChainNetwork",
        "encodePolkadotSignerPayload",
        "injectedWalletsOption",
        "isStoredAccounts",
        "lazySignInVerifier",
        "readInjected",
        "reconnectTimeoutOption",
        "walletRefusedError",
      ]
    `)
    // What portico/kernel carried before the chain kit left the kernel, the same values still; the rest is new here.
    const inKernel = Object.keys(chainKit).filter((name) => name in fullKernel).sort()
    expect(inKernel).toEqual(['callJsonApi', 'createWalletStandardDiscovery', 'createWalletStandardSession', 'defineChainNetwork', 'injectedWalletsOption', 'lazySignInVerifier', 'reconnectTimeoutOption', 'walletRefusedError'])
    for (const name of inKernel) expect((fullKernel as Record<string, unknown>)[name], name).toBe((chainKit as Record<string, unknown>)[name])
    expect(kernel.defineChainNetwork).toBe(chainKit.defineChainNetwork)
  })

  it('portico/react/kit adds to portico/react', () => {
    expect(Object.keys(uiKit).filter((name) => !(name in ui)).sort()).toMatchInlineSnapshot(`
      [
        "Button",
        "EmptyState",
        "Icon",
        "IconButton",
        "QrCode",
        "Spinner",
        "StatusPanel",
        "SuccessScreen",
        "TokenPicker",
        "TokenSelect",
        "TokenSummary",
        "WalletIcon",
        "adoptStylesheet",
        "closeAfterConnect",
        "detectLinkHost",
        "en",
        "installLink",
        "loadQrEncoder",
        "openWalletLink",
        "safeImageSrc",
        "translate",
        "truncateAddress",
        "useAnnounce",
        "useFormat",
        "useHideBack",
        "useStylesheet",
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
        "optimism",
        "polygon",
        "sepolia",
      ]
    `)
  })
  it('portico/siwx', () => {
    expect(Object.keys(siwx).sort()).toMatchInlineSnapshot(`
      [
        "createSiwxServerStore",
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
  it('portico/bip122/server', () => {
    expect(Object.keys(bip122Server).sort()).toMatchInlineSnapshot(`
      [
        "bip122Verifier",
        "decodeBitcoinAddress",
        "isBitcoinAddress",
        "verifyBitcoinSignature",
      ]
    `)
  })
  it('portico/cosmos/server', () => {
    expect(Object.keys(cosmosServer).sort()).toMatchInlineSnapshot(`
      [
        "adr36SignDoc",
        "cosmosVerifier",
        "encodeSignDoc",
        "isCosmosAddress",
        "sortedJson",
        "verifyCosmosSignature",
      ]
    `)
  })
  it('portico/polkadot/server', () => {
    expect(Object.keys(polkadotServer).sort()).toMatchInlineSnapshot(`
      [
        "PolkadotAmountError",
        "PolkadotRpcRequestError",
        "PolkadotSignedExtensionError",
        "PolkadotTransactionRefusedError",
        "callPolkadotRpc",
        "decodeSs58",
        "encodeSs58",
        "isPolkadotAddress",
        "planPolkadotTransfer",
        "polkadotVerifier",
        "readPolkadotAccount",
        "readPolkadotRuntime",
        "sendPolkadotTransfer",
        "verifyPolkadotSignature",
        "waitForPolkadotTransaction",
      ]
    `)
  })
  it('portico/stacks/server', () => {
    expect(Object.keys(stacksServer).sort()).toMatchInlineSnapshot(`
      [
        "decodeStacksAddress",
        "encodeStacksAddress",
        "isStacksAddress",
        "stacksAddressVersions",
        "stacksVerifier",
        "verifyStacksMessageSignature",
      ]
    `)
  })
  it('portico/solana/server', () => {
    expect(Object.keys(solanaServer).sort()).toMatchInlineSnapshot(`
      [
        "isSolanaAddress",
        "solanaVerifier",
        "verifySolanaSignature",
      ]
    `)
  })
  it('portico/sui/server', () => {
    expect(Object.keys(suiServer).sort()).toMatchInlineSnapshot(`
      [
        "isSuiAddress",
        "recoverSuiSigner",
        "suiVerifier",
        "verifySuiPersonalMessage",
      ]
    `)
  })
  it('portico/cosmos', () => {
    expect(Object.keys(cosmos).sort()).toMatchInlineSnapshot(`
      [
        "cosmos",
        "cosmosHub",
        "cosmosLocalnet",
        "defineCosmosNetwork",
        "osmosis",
        "osmosisTestnet",
      ]
    `)
  })
  it('portico/stacks', () => {
    expect(Object.keys(stacks).sort()).toMatchInlineSnapshot(`
      [
        "defineStacksNetwork",
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
        "bip122",
        "bitcoinMainnet",
        "bitcoinRegtest",
        "bitcoinSignet",
        "bitcoinTestnet4",
        "defineBitcoinNetwork",
      ]
    `)
  })
  it('portico/polkadot', () => {
    expect(Object.keys(polkadot).sort()).toMatchInlineSnapshot(`
      [
        "definePolkadotNetwork",
        "kusama",
        "kusamaAssetHub",
        "polkadot",
        "polkadotAssetHub",
        "polkadotMainnet",
        "westend",
        "westendAssetHub",
      ]
    `)
  })
  it('portico/solana', () => {
    expect(Object.keys(solana).sort()).toMatchInlineSnapshot(`
      [
        "defineSolanaNetwork",
        "solana",
        "solanaDevnet",
        "solanaLocalnet",
        "solanaMainnet",
        "solanaTestnet",
      ]
    `)
  })
  it('portico/solana/mobile', () => {
    expect(Object.keys(solanaMobile).sort()).toMatchInlineSnapshot(`
      [
        "mobileWalletAdapter",
      ]
    `)
  })
  it('portico/walletconnect', () => {
    expect(Object.keys(walletconnect).sort()).toMatchInlineSnapshot(`
      [
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
        "auth",
        "authConnectorId",
        "filterSocials",
      ]
    `)
  })
  it('portico/calls', () => {
    expect(Object.keys(callsPlugin).sort()).toMatchInlineSnapshot(`
      [
        "calls",
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
        "ledger",
        "ledgerConnectorId",
        "ledgerStorageKey",
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
