import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import type { WalletConnector } from '../types/wallet.js'

/**
 * Asks every plugin for the wallets it can offer (one namespace, or all), merges them into the
 * wallet store (a wallet is never listed twice) and returns the merged list. A plugin that fails
 * is reported and the others still count.
 *
 * @example
 * const wallets = await portico.discoverWallets('eip155')
 */
export async function discoverWallets(portico: PorticoBase, namespace?: ChainNamespace): Promise<WalletConnector[]> {
  const namespaces = namespace ? [namespace] : portico.stores.networks.namespaces
  await Promise.all(
    namespaces.map(async (ns) => {
      const hook = portico.hooks.discoverWallets.get(ns)
      if (!hook?.isUsed()) return
      const found: WalletConnector[] = []
      try {
        await hook.promise({
          namespace: ns,
          add(wallet) {
            if (wallet && typeof wallet.id === 'string' && typeof wallet.name === 'string') found.push({ ...wallet, namespace: ns })
          },
        })
      } catch (error) {
        portico.reportError(error, { namespace: ns, action: 'discoverWallets' })
      }
      runInAction(() => portico.stores.wallets.addConnectors(found))
    }),
  )
  return portico.stores.wallets.merged
}
