import type { Portico } from '../../kernel/kernel.js'

/**
 * What a connecting view does once its wallet connected: back to ProfileWallets when the visitor
 * came from there to add a wallet (multi-wallet), otherwise the modal closes.
 *
 * @example
 * closeAfterConnect(portico)
 */
export function closeAfterConnect(portico: Portico): void {
  const { router } = portico.stores
  const from = router.history.lastIndexOf('ProfileWallets')
  if (from >= 0 && portico.stores.options.remoteFeatures.multiWallet === true) router.goBackToIndex(from)
  else portico.close()
}
