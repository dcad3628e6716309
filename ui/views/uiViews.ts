import type { ViewDescriptor } from '../../kernel/kernel.js'
import { AllWalletsView } from './AllWallets/AllWalletsView.js'
import { ConnectView } from './Connect/ConnectView.js'
import { ConnectingExternalView } from './ConnectingExternal/ConnectingExternalView.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnect/ConnectingWalletConnectView.js'
import { GetWalletView } from './GetWallet/GetWalletView.js'
import { NetworksView } from './Networks/NetworksView.js'
import { SwitchNetworkView } from './SwitchNetwork/SwitchNetworkView.js'
import { SwitchActiveChainView } from './SwitchActiveChain/SwitchActiveChainView.js'
import { UnsupportedChainView } from './UnsupportedChain/UnsupportedChainView.js'
import { AccountView } from './Account/AccountView.js'
import { ProfileWalletsView } from './ProfileWallets/ProfileWalletsView.js'

/**
 * The views the UI ships, as registry descriptors. They all come in the UI's own chunk, loaded
 * with the kernel: one request, and compressed together they weigh less than in a chunk each
 * (issue 27). A plugin's views still load their own chunk on first use.
 * `WalletLinks` shows where to get a directory wallet when no connector can pair it, titled with its name.
 */
export const uiViews: readonly ViewDescriptor[] = [
  { id: 'Connect', title: 'view.connect.title', owner: 'ui', load: () => Promise.resolve(ConnectView) },
  { id: 'AllWallets', title: 'view.allWallets.title', owner: 'ui', load: () => Promise.resolve(AllWalletsView) },
  { id: 'ConnectingExternal', title: 'view.connectingExternal.title', owner: 'ui', load: () => Promise.resolve(ConnectingExternalView) },
  {
    id: 'WalletLinks',
    // Titled with the wallet's name (the route's `wallet`).
    title: 'view.walletLinks.title',
    owner: 'ui',
    load: () => Promise.resolve(ConnectingWalletConnectView),
  },
  { id: 'GetWallet', title: 'view.getWallet.title', owner: 'ui', load: () => Promise.resolve(GetWalletView) },
  { id: 'Networks', title: 'view.networks.title', owner: 'ui', load: () => Promise.resolve(NetworksView) },
  { id: 'SwitchNetwork', title: 'view.switchNetwork.title', owner: 'ui', load: () => Promise.resolve(SwitchNetworkView) },
  { id: 'SwitchActiveChain', title: 'view.switchActiveChain.title', owner: 'ui', load: () => Promise.resolve(SwitchActiveChainView) },
  { id: 'UnsupportedChain', title: 'view.unsupportedChain.title', owner: 'ui', load: () => Promise.resolve(UnsupportedChainView) },
  { id: 'Account', title: 'view.account.title', owner: 'ui', load: () => Promise.resolve(AccountView) },
  { id: 'ProfileWallets', title: 'view.profileWallets.title', owner: 'ui', load: () => Promise.resolve(ProfileWalletsView) },
]
