import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'

/**
 * Closes the modal and resets it to Connect. In embedded mode the modal stays on the page and
 * goes to Account when connected, else Connect.
 *
 * @example
 * portico.close()
 */
export function closeModal(portico: PorticoBase): void {
  const { modal, router, networks, connections } = portico.stores
  const wasOpen = modal.open
  const connected = connections.isConnected(networks.activeNamespace)
  runInAction(() => {
    if (portico.options.embedded) {
      router.reset(connected ? 'Account' : 'Connect')
    } else {
      modal.setOpen(false)
      router.reset('Connect')
    }
    modal.clearLoading()
  })
  if (wasOpen) {
    portico.emit({ type: 'track', event: 'MODAL_CLOSE', properties: { connected } })
    portico.hooks.modalClosed.call()
  }
}
