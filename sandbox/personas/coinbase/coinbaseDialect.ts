import { ProviderRpcError } from '../../devWallet/ProviderRpcError.js'
import type { DevWalletDialect } from '../../devWallet/devWalletDialect.js'

/** Coinbase's serialized error: the code, its message, the method in `data` and a docs link. */
function coinbaseError(code: number, message: string, method: string): ProviderRpcError {
  const error = new ProviderRpcError(code, message, { method })
  const docUrl = new URL('https://docs.cloud.coinbase.com/wallet-sdk/docs/errors')
  docUrl.searchParams.set('code', String(code))
  docUrl.searchParams.set('message', message)
  return Object.assign(error, { docUrl: docUrl.href })
}

/** Coinbase Wallet's EVM dialect (docs/wallets/coinbase.md): what its provider answers where wallets differ. */
export const coinbaseDialect: DevWalletDialect = {
  name: 'Coinbase Wallet',
  unrecognizedChain: () => coinbaseError(4902, 'Unrecognized chain ID.', 'wallet_switchEthereumChain'),
  promptsToSwitch: true,
  // Already on that chain: `false`, not null.
  addCurrentChainResult: false,
  pendingConnection: () => 'join',
  // The switch is applied (and chainChanged emitted) before the request answers.
  addressCase: 'lower',
  // personal_sign reads the address from params[1] only.
  personalSignOrder: 'messageFirst',
  revokePermissions: false,
  disconnectEvents: ['disconnect'],
  connectEvents: ['accountsChanged', 'connect'],
  rejection: (method) => coinbaseError(4001, 'User rejected the request.', method),
}
