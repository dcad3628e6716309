import { ProviderRpcError } from '../../devWallet/ProviderRpcError.js'
import type { DevWalletDialect } from '../../devWallet/devWalletDialect.js'

/**
 * MetaMask's EVM dialect (docs/wallets/metamask.md): what its provider answers where wallets differ.
 *
 * @param origin the site's origin, as MetaMask names it in its -32002 message
 * @example
 * createDevWalletProvider({ account, chains, dialect: metamaskDialect(() => window.location.origin) })
 */
export function metamaskDialect(origin: () => string): DevWalletDialect {
  return {
  name: 'MetaMask',
  unrecognizedChain: (chainId) => new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`),
  promptsToSwitch: true,
  addCurrentChainResult: null,
  // The approval controller refuses a second permission request from the same origin while one is open.
  pendingConnection: () => new ProviderRpcError(-32002, `Request of type 'wallet_requestPermissions' already pending for origin ${origin()}. Please wait.`),
  // chainChanged comes from the background as its own notification, after the request's answer.
  chainChangedDelayMs: 20,
  addressCase: 'lower',
  personalSignOrder: 'either',
  revokePermissions: true,
  // MetaMask's `disconnect` means "cannot reach any chain"; a site losing its permission hears accountsChanged [].
  disconnectEvents: ['accountsChanged'],
  connectEvents: ['accountsChanged'],
  rejection: () => new ProviderRpcError(4001, 'User rejected the request.'),
}
}
