/** Connector groups of the Connect view, in default order (spec §9). */
export type ConnectorTypeOrderItem = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended'
export type ConnectMethod = 'wallet' | 'email' | 'social'
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'
export type SocialProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'

/** Feature options a site owner sets locally (`features`). */
export type Features = {
  receive: boolean
  send: boolean
  /** With the email login shown: `false` puts the wallets behind "Continue with a wallet" (as `collapseWallets` does). */
  emailShowWallets: boolean
  connectorTypeOrder: readonly ConnectorTypeOrderItem[]
  analytics: boolean
  allWallets: boolean
  /** With `termsConditionsUrl` or `privacyPolicyUrl`: the Connect view's connect options stay disabled until the visitor ticks "I agree to the …". */
  legalCheckbox: boolean
  /** When email or social login is shown: the wallets wait behind one "Continue with a wallet" button. */
  collapseWallets: boolean
  walletFeaturesOrder: readonly WalletFeature[]
  connectMethodsOrder: readonly ConnectMethod[] | undefined
  pay: boolean
  headless: boolean
  // Local values of features the project configuration may control remotely:
  swaps?: readonly string[] | boolean
  onramp?: readonly string[] | boolean
  email?: boolean
  socials?: readonly SocialProvider[] | boolean
  /** Local key of the remote `activity` feature. */
  history?: boolean
  multiWallet?: boolean
  emailCapture?: readonly string[] | boolean
}

/**
 * Features the project configuration (`/appkit/v1/config`) controls: `swaps` and `onramp` (the
 * swap and onramp plugins' Account actions), `email` and `socials` (the auth plugin's sections),
 * `activity` (the Account view's Activity tab), `multiWallet` (more than one connection per
 * namespace) and `emailCapture` (the email-capture plugin's prompt).
 */
export type RemoteFeatures = {
  swaps: readonly string[] | false
  onramp: readonly string[] | false
  email: boolean
  socials: readonly SocialProvider[] | false
  activity: boolean
  multiWallet: boolean
  emailCapture: readonly string[] | boolean
}

export const defaultConnectorTypeOrder: readonly ConnectorTypeOrderItem[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]

export const defaultSocials: readonly SocialProvider[] = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']

/** Default local features (spec §9). */
export const defaultFeatures: Features = {
  receive: true,
  send: true,
  emailShowWallets: true,
  connectorTypeOrder: defaultConnectorTypeOrder,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  collapseWallets: false,
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
  connectMethodsOrder: undefined,
  pay: false,
  headless: false,
}

/**
 * Default remote features (spec §9): on, except multiWallet and emailCapture. The incumbent's
 * configuration also names `reown_branding`, `fund_from_exchange`, `payments`,
 * `reown_authentication` and `headless`; Portico has none of those remotely controlled features
 * (`features.headless` is the site's own choice), so it reads no such entry.
 */
export const defaultRemoteFeatures: RemoteFeatures = {
  swaps: ['1inch'],
  onramp: ['meld'],
  email: true,
  socials: defaultSocials,
  activity: true,
  multiWallet: false,
  emailCapture: false,
}

/** Other limits of spec §9 the kernel and UI share. */
export const constants = {
  walletsPerPage: 40,
  recommendedWallets: 4,
  searchEntries: 100,
  searchMinLength: 2,
  searchDebounceMs: 500,
  searchMinDelayMs: 300,
  imagePreloadTimeoutMs: 2_000,
  pairingWindowMs: 4 * 60_000,
  pairingExpiryMarginMs: 10_000,
  balanceRetryGateMs: 30_000,
  recentWallets: 2,
  toastSwapDelayMs: 150,
  farcasterReloadDelayMs: 100,
  modalWidthPx: 360,
  zIndex: 999,
  modalShakeMs: 500,
} as const
