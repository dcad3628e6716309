import type { ViewDescriptor } from '../../kernel/kernel.js'

/**
 * The views the UI ships, as registry descriptors: each loads its own chunk on first use and
 * resolves to its component.
 * `WalletLinks` shows where to get a directory wallet when no connector can pair it.
 */
export const uiViews: readonly ViewDescriptor[] = [
  { id: 'Connect', title: 'view.connect.title', owner: 'ui', load: () => import('./Connect/ConnectView.js').then((m) => m.ConnectView) },
  { id: 'AllWallets', title: 'view.allWallets.title', owner: 'ui', load: () => import('./AllWallets/AllWalletsView.js').then((m) => m.AllWalletsView) },
  { id: 'ConnectingExternal', title: 'view.connectingExternal.title', owner: 'ui', load: () => import('./ConnectingExternal/ConnectingExternalView.js').then((m) => m.ConnectingExternalView) },
  {
    id: 'WalletLinks',
    title: 'view.connectingWalletConnect.titleGeneric',
    owner: 'ui',
    load: () => import('./ConnectingWalletConnect/ConnectingWalletConnectView.js').then((m) => m.ConnectingWalletConnectView),
  },
  { id: 'GetWallet', title: 'view.getWallet.title', owner: 'ui', load: () => import('./GetWallet/GetWalletView.js').then((m) => m.GetWalletView) },
  { id: 'Networks', title: 'view.networks.title', owner: 'ui', load: () => import('./Networks/NetworksView.js').then((m) => m.NetworksView) },
  { id: 'SwitchNetwork', title: 'view.switchNetwork.title', owner: 'ui', load: () => import('./SwitchNetwork/SwitchNetworkView.js').then((m) => m.SwitchNetworkView) },
  { id: 'SwitchActiveChain', title: 'view.switchActiveChain.title', owner: 'ui', load: () => import('./SwitchActiveChain/SwitchActiveChainView.js').then((m) => m.SwitchActiveChainView) },
  { id: 'UnsupportedChain', title: 'view.unsupportedChain.title', owner: 'ui', load: () => import('./UnsupportedChain/UnsupportedChainView.js').then((m) => m.UnsupportedChainView) },
  { id: 'Account', title: 'view.account.title', owner: 'ui', load: () => import('./Account/AccountView.js').then((m) => m.AccountView) },
  { id: 'ProfileWallets', title: 'view.profileWallets.title', owner: 'ui', load: () => import('./ProfileWallets/ProfileWalletsView.js').then((m) => m.ProfileWalletsView) },
  { id: 'WalletSend', title: 'view.walletSend.title', owner: 'ui', load: () => import('./WalletSend/WalletSendView.js').then((m) => m.WalletSendView) },
  { id: 'WalletSendPreview', title: 'view.walletSendPreview.title', owner: 'ui', load: () => import('./WalletSendPreview/WalletSendPreviewView.js').then((m) => m.WalletSendPreviewView) },
]
