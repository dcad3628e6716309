import { ProviderRpcError } from '../../devWallet/ProviderRpcError.js'
import type { DevWalletDialect } from '../../devWallet/devWalletDialect.js'

/** Rabby's EVM dialect (docs/wallets/rabby.md): what its provider answers where wallets differ. */
export const rabbyDialect: DevWalletDialect = {
  name: 'Rabby Wallet',
  // Rabby's own message, word for word (it names wallet_switchEthereumChain where it means add).
  unrecognizedChain: (chainId) => new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_switchEthereumChain first.`),
  // A connected site moves to a chain Rabby supports with no popup.
  promptsToSwitch: false,
  addCurrentChainResult: null,
  // A second approval while one is open: a 4001 that is not the user saying no.
  pendingConnection: () => new ProviderRpcError(4001, 'please request after current approval resolve'),
  addressCase: 'lower',
  personalSignOrder: 'either',
  revokePermissions: true,
  disconnectEvents: ['accountsChanged'],
  // ethRequestAccounts broadcasts accountsChanged, then chainChanged for the site's chain.
  connectEvents: ['accountsChanged', 'chainChanged'],
  rejection: () => new ProviderRpcError(4001, 'User rejected the request.'),
}
