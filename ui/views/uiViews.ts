import type { ViewDescriptor } from '../../kernel/index.js'

/**
 * The views the UI ships, as registry descriptors: each loads its own chunk on first use.
 * `WalletLinks` shows where to get a directory wallet when no connector can pair it.
 */
export const uiViews: readonly ViewDescriptor[] = [
  { id: 'Connect', title: 'view.connect.title', owner: 'ui', load: () => import('./Connect/ConnectView.js') },
  { id: 'AllWallets', title: 'view.allWallets.title', owner: 'ui', load: () => import('./AllWallets/AllWalletsView.js') },
  { id: 'ConnectingExternal', title: 'view.connectingExternal.title', owner: 'ui', load: () => import('./ConnectingExternal/ConnectingExternalView.js') },
  {
    id: 'WalletLinks',
    title: 'view.connectingWalletConnect.titleGeneric',
    owner: 'ui',
    load: () => import('./ConnectingWalletConnect/ConnectingWalletConnectView.js'),
  },
  { id: 'GetWallet', title: 'view.getWallet.title', owner: 'ui', load: () => import('./GetWallet/GetWalletView.js') },
  { id: 'Networks', title: 'view.networks.title', owner: 'ui', load: () => import('./Networks/NetworksView.js') },
  { id: 'SwitchNetwork', title: 'view.switchNetwork.title', owner: 'ui', load: () => import('./SwitchNetwork/SwitchNetworkView.js') },
  { id: 'SwitchActiveChain', title: 'view.switchActiveChain.title', owner: 'ui', load: () => import('./SwitchActiveChain/SwitchActiveChainView.js') },
  { id: 'UnsupportedChain', title: 'view.unsupportedChain.title', owner: 'ui', load: () => import('./UnsupportedChain/UnsupportedChainView.js') },
  { id: 'Account', title: 'view.account.title', owner: 'ui', load: () => import('./Account/AccountView.js') },
  { id: 'WalletSend', title: 'view.walletSend.title', owner: 'ui', load: () => import('./WalletSend/WalletSendView.js') },
  { id: 'WalletSendPreview', title: 'view.walletSendPreview.title', owner: 'ui', load: () => import('./WalletSendPreview/WalletSendPreviewView.js') },
]
