import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { NetworkNotFoundError } from '../errors/connection.js'
import type { ChainNamespace } from '../types/caip.js'
import type { RouteData, View } from '../types/view.js'
import { loadProjectConfig } from './loadProjectConfig.js'
import { selectNetwork } from './selectNetwork.js'
import type { OpenModalParameters } from '../types/actions.js'


/**
 * Opens the modal, choosing the first view by spec §2: a namespace other than the active one
 * switches network (no confirmation); manual WalletConnect control (or no chain plugin and no
 * address) shows AllWallets on mobile, else the view a connector plugin registered with
 * `manualPairing` (AllWallets when none did); a requested view
 * shows; connected shows Account; otherwise Connect. A `namespace` not connected is recorded as the
 * visitor's choice (`networks.chosenNamespace`): the Connect view lists only its wallets.
 *
 * @example
 * await portico.open({ view: 'Networks' })
 */
export async function openModal(portico: PorticoBase, parameters: OpenModalParameters = {}): Promise<void> {
  const { view, namespace, uri, data } = parameters
  const { modal, router, networks, connections } = portico.stores
  portico.markUserAction()
  void loadProjectConfig(portico)

  const activeNamespace = networks.activeNamespace
  const targetNamespace = namespace ?? activeNamespace
  const connected = connections.isConnected(targetNamespace)
  const hasChainPlugin = portico.plugins.some((p) => p.kind === 'chain')

  runInAction(() => {
    // Opened for a namespace not connected: the Connect view lists that namespace's wallets.
    if (namespace !== undefined && !connected && networks.activeOf(namespace)) networks.chooseNamespace(namespace)
    if (namespace !== undefined && namespace !== activeNamespace) {
      const network = networks.activeOf(namespace)
      if (!network) {
        portico.stores.alerts.raise('APKT001')
        throw new NetworkNotFoundError({ caipNetworkId: `${namespace}:?` })
      }
      selectNetwork(portico, network, { ignoreSwitchConfirmation: true })
    } else if (portico.options.manualWCControl || (!hasChainPlugin && !connected)) {
      const pairing = portico.views.manualPairing
      router.reset(portico.isMobile || !pairing ? 'AllWallets' : pairing.id, uri ? { uri } : undefined)
    } else if (view) {
      router.reset(view, { ...data, ...(uri ? { uri } : {}) })
    } else if (connected) {
      router.reset('Account')
    } else {
      router.reset('Connect', uri ? { uri } : undefined)
    }
    modal.setOpen(true)
  })
  portico.emit({ type: 'track', event: 'MODAL_OPEN', properties: { connected } })
}
export type { OpenModalParameters } from '../types/actions.js'
