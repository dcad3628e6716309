import { normalizeWalletName, type DirectoryWallet, type WalletConnector } from '../../kernel/kernel.js'

/**
 * The discovered connector that is this directory wallet (same rdns, explorer id or normalised
 * name), so a wallet the visitor has installed connects directly.
 *
 * @example
 * findConnectorFor(portico.stores.wallets.merged, entry)
 */
export function findConnectorFor(connectors: readonly WalletConnector[], wallet: DirectoryWallet): WalletConnector | undefined {
  const name = normalizeWalletName(wallet.name)
  return connectors.find(
    (c) =>
      c.type !== 'WALLET_CONNECT' &&
      ((wallet.rdns && c.rdns === wallet.rdns) || c.explorerId === wallet.id || normalizeWalletName(c.name) === name),
  )
}
