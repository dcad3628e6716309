/**
 * The built-in English strings: the source every other locale translates. Keys are
 * `area.name`; `{name}` placeholders are filled by `translate`.
 */
export const en = {
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loadingView': 'Loading…',
  'modal.viewFailed': 'This view could not be loaded.',
  'modal.unknownView': 'Unknown view: {view}',
  'modal.retry': 'Try again',
  'modal.dismissAlert': 'Dismiss',
  'status.loading': 'Loading…',
  'status.connecting': 'Connecting…',
  'status.connected': 'Connected',
  'status.disconnected': 'Not connected',
  'status.searching': 'Searching wallets…',
  'status.results': '{count} wallets found',

  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.switchNetwork': 'Switch Network',
  'button.selectNetwork': 'Select Network',
  'button.accountLabel': 'Account {address}',

  'view.connect.title': 'Connect Wallet',
  'view.connect.allWallets': 'All Wallets',
  'view.connect.empty': 'No wallet found in this browser.',
  'view.connect.discovering': 'Looking for wallets…',
  'view.connect.group.walletConnect': 'WalletConnect',
  'view.connect.group.recent': 'Recent',
  'view.connect.group.injected': 'Installed',
  'view.connect.group.featured': 'Featured',
  'view.connect.group.custom': 'Custom',
  'view.connect.group.external': 'Other wallets',
  'view.connect.group.recommended': 'Recommended',

  'view.allWallets.title': 'All Wallets',
  'view.allWallets.search': 'Search wallet',
  'view.allWallets.list': 'Wallets',
  'view.allWallets.loading': 'Loading wallets…',
  'view.allWallets.failed': 'The wallet list could not be loaded.',
  'view.allWallets.noResults': 'No wallet found',

  'view.connectingExternal.title': 'Connecting',
  'view.connectingExternal.waiting': 'Continue in {wallet}',
  'view.connectingExternal.waitingHint': 'Accept the connection request in your wallet.',
  'view.connectingExternal.rejected': 'Connection rejected',
  'view.connectingExternal.rejectedHint': 'The connection was declined in the wallet.',
  'view.connectingExternal.failed': 'Failed to connect',
  'view.connectingExternal.missing': 'No wallet was chosen.',

  'view.connectingWalletConnect.title': 'Get {wallet}',
  'view.connectingWalletConnect.titleGeneric': 'Wallet',
  'view.connectingWalletConnect.unavailable': 'Connecting {wallet} with WalletConnect is not available on this site yet.',
  'view.connectingWalletConnect.links': 'Where to get it',
  'view.connectingWalletConnect.homepage': 'Website',
  'view.connectingWalletConnect.chromeStore': 'Chrome Web Store',
  'view.connectingWalletConnect.appStore': 'App Store',
  'view.connectingWalletConnect.playStore': 'Google Play',
  'view.connectingWalletConnect.webapp': 'Web app',
  'view.connectingWalletConnect.noLinks': 'This wallet lists no download link.',

  'view.networks.title': 'Choose Network',
  'view.networks.list': 'Networks',
  'view.networks.testnet': 'Testnet',

  'view.switchNetwork.title': 'Switch Network',
  'view.switchNetwork.waiting': 'Approve in wallet',
  'view.switchNetwork.waitingHint': 'Switch to {network} in your wallet.',
  'view.switchNetwork.declined': 'Switch declined',
  'view.switchNetwork.declinedHint': 'The network switch was declined or failed.',
  'view.switchNetwork.missing': 'No network was chosen.',

  'view.switchActiveChain.title': 'Switch Network',
  'view.switchActiveChain.heading': 'Switch to {network}',
  'view.switchActiveChain.body': 'Your connected wallet stays connected. To use {network} you connect a wallet for it next.',
  'view.switchActiveChain.confirm': 'Switch Network',
  'view.switchActiveChain.cancel': 'Cancel',

  'view.unsupportedChain.title': 'Switch Network',
  'view.unsupportedChain.body': "This app doesn't support your wallet's current network. Switch to an available one to continue.",
  'view.unsupportedChain.disconnect': 'Disconnect',

  'view.account.title': 'Account',
  'view.account.address': 'Address',
  'view.account.copy': 'Copy address',
  'view.account.copied': 'Address copied',
  'view.account.copyFailed': 'Could not copy the address',
  'view.account.balance': 'Balance',
  'view.account.balanceLoading': 'Loading balance…',
  'view.account.balanceFailed': 'Token Balance Unavailable',
  'view.account.network': 'Network',
  'view.account.explorer': 'View on {explorer}',
  'view.account.disconnect': 'Disconnect',
  'view.account.disconnectFailed': 'Failed to disconnect',
  'view.account.notConnected': 'No wallet is connected.',

  'toast.region': 'Notifications',
  'alert.region': 'Alert',
} as const

/** A key of the built-in English strings. */
export type MessageKey = keyof typeof en
/** A locale's strings: any subset of the keys (a missing one falls back to English, then to the key). */
export type Messages = Partial<Record<MessageKey | (string & {}), string>>
