import type { ChainNamespace } from '../../kernel/kernel.js'

/** The auth connector's id (spec §3: connector type AUTH), the same in every namespace. */
export const authConnectorId = 'AUTH'

/** The namespaces the auth connector is approved on (spec §5). */
export const authNamespaces: readonly ChainNamespace[] = ['eip155', 'solana']

/** The wallet methods the frame answers per namespace (docs/guides/embedded-wallet.md §3). */
export const authWalletMethods: Readonly<Record<string, readonly string[]>> = {
  eip155: ['eth_accounts', 'eth_chainId', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_signTransaction', 'wallet_switchEthereumChain', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities'],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
}

/** The views the plugin registers. */
export const authViews = {
  emailLogin: 'EmailLogin',
  connectingSocial: 'ConnectingSocial',
  connectingFarcaster: 'ConnectingFarcaster',
  updateEmail: 'UpdateEmailWallet',
  embeddedWalletProfile: 'EmbeddedWalletProfile',
  exportKey: 'ExportPrivateKey',
  /** The spec's ApproveTransaction: the modal hosts the frame's own approval screen. */
  approve: 'ApproveTransaction',
} as const

/** The social login popup (spec §9: 600 × 800). */
export const popupSize = { width: 600, height: 800 } as const

/** The window name of the popup, so a second click reuses it. */
export const popupName = 'portico-auth'
