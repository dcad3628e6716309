import type { Features } from '../options/defaults.js'
import type { StorageBackend } from '../services/createStorage.js'
import type { ChainNamespace } from './caip.js'
import type { AccountType } from './connection.js'
import type { Network } from './network.js'
import type { Plugin } from './plugin.js'
import type { RestoreCookieOptions, RestoreHint } from './restoreHint.js'
import type { PorticoThemeVariables } from './theme.js'
import type { DirectoryWallet } from './wallet.js'

export type Metadata = {
  name: string
  description: string
  url: string
  icons: readonly string[]
  /**
   * Where a phone wallet sends the visitor back after each WalletConnect request: the site's own
   * app scheme (`native`, e.g. `mysite://`) and/or its https link (`universal`, usually the site's URL).
   */
  redirect?: MetadataRedirect
}

/** The links a wallet opens to return the visitor to the site (WalletConnect `metadata.redirect`). */
export type MetadataRedirect = { native?: string; universal?: string }

/** Where Portico's remote services live. Every one is yours to self-host (`server/`). */
export type Endpoints = {
  /** Wallet directory and project configuration (`/getWallets`, `/appkit/v1/config`, …). */
  api?: string
  /** Blockchain API and JSON-RPC proxy (`/v1/…`); defaults to `api` when `api` is set. */
  blockchainApi?: string
  /** Analytics sink (`POST /e`); defaults to `api` when `api` is set. */
  analytics?: string
  /** WalletConnect relay (`ws…`); used by the walletconnect plugin. */
  relay?: string
}

/** The incumbent's public hosts, used when `endpoints` is not given. */
export const defaultEndpoints = {
  api: 'https://api.web3modal.org',
  blockchainApi: 'https://rpc.walletconnect.org',
  analytics: 'https://pulse.walletconnect.org',
  relay: 'wss://relay.walletconnect.org',
} as const satisfies Required<Endpoints>

export type PorticoOptions = {
  projectId?: string
  metadata?: Metadata
  networks: readonly Network[]
  defaultNetwork?: Network
  plugins: readonly Plugin<any>[]
  endpoints?: Endpoints
  features?: Partial<Features>
  /** Keep a wallet on a network the site did not configure instead of asking to switch. */
  allowUnsupportedChain?: boolean
  /** Restore the previous connection on load (default true). */
  enableReconnect?: boolean
  enableNetworkSwitch?: boolean
  /** The modal is part of the page: closing goes to Account (connected) or Connect. */
  embedded?: boolean
  manualWCControl?: boolean
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  customWallets?: readonly DirectoryWallet[]
  allWallets?: 'SHOW' | 'HIDE' | 'ONLY_MOBILE'
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /**
   * The modal's language (a BCP 47 tag: `ar`, `pt-BR`, `zh-Hant`); the closest of the built-in
   * locales is used. Default: the browser's languages, then English. `<PorticoProvider locale>`
   * overrides it.
   */
  locale?: string
  /** 'system' follows the visitor's `prefers-color-scheme` (default 'light'). */
  themeMode?: 'light' | 'dark' | 'system'
  /** The theme's CSS variables a site sets (accent, radius, font, colours, z-index); see `PorticoThemeVariables`. */
  themeVariables?: PorticoThemeVariables
  /**
   * Keep a small first-party cookie (`portico.restore`: which namespaces are connected through
   * which connector, nothing secret) in sync with the stored connections, so a server can render a
   * returning visitor's buttons as restoring (`readRestoreHint`). Off by default.
   */
  restoreCookie?: boolean | RestoreCookieOptions
  /** The restore hint the server read (`readRestoreHint`); `<PorticoProvider restoreHint>` overrides it. */
  restoreHint?: RestoreHint
  defaultAccountTypes?: Partial<Record<string, AccountType>>
  /**
   * The incumbent's sign-in option: refused (`UnsupportedOptionError`). Sign-in is the siwx plugin,
   * `plugins: [siwx({ … })]` from `portico/siwx`.
   */
  siwx?: never
  /** The incumbent's legacy sign-in option: refused like `siwx` (with `siwx` too, `SiweAndSiwxError`). */
  siweConfig?: never
  /** Log every error Portico reports (the `error` hook's) to the console with its cause; the walletconnect plugin's client logs its errors too. */
  debug?: boolean
  /** Where Portico keeps its state; default `localStorage` in a browser, memory elsewhere. */
  storage?: StorageBackend | null
  fetch?: typeof globalThis.fetch
  /** Detect a phone (default: the user agent in a browser, false elsewhere). */
  isMobile?: boolean
  /** `sv`'s framework part; the UI sets `react`. */
  framework?: string
}

