// The React UI behind the page buttons, loaded with the kernel (`loadUi()`): the modal, the
// account summary a connected button shows, the view prefetcher, and what attaches them to a kernel.
import { reaction } from 'mobx'
import { enableStaticRendering } from 'mobx-react-lite'
import type { Portico } from '../../kernel/kernel.js'
import { getUiState } from '../state/getUiState.js'
import { registerUiViews } from '../views/registerUiViews.js'

export { AccountSummary } from '../components/AccountSummary/AccountSummary.js'
export { Icon } from '../components/Icon/Icon.js'
export { ModalRoot } from '../components/ModalRoot/ModalRoot.js'
export { prefetchModal } from '../modal/prefetchModal.js'

// Observers render once on the server and never subscribe there.
if (typeof window === 'undefined') enableStaticRendering(true)

const attached = new WeakSet<Portico>()

/**
 * Gives a kernel the UI's views (once per kernel). Idempotent: the provider calls it as it renders.
 *
 * @example
 * attachUi(kernel)
 */
export function attachUi(portico: Portico): void {
  if (attached.has(portico)) return
  attached.add(portico)
  registerUiViews(portico.views)
}

/**
 * Starts wallet discovery when the modal first opens (not before: a visitor who never opens it
 * is asked nothing).
 *
 * @returns the disposer
 * @example
 * useEffect(() => watchDiscovery(kernel), [kernel])
 */
export function watchDiscovery(portico: Portico): () => void {
  const ui = getUiState(portico)
  return reaction(
    () => portico.stores.modal.open,
    (open) => {
      if (!open || ui.discoveryStarted) return
      ui.setDiscovering(true)
      portico
        .discoverWallets()
        .catch((error: unknown) => portico.reportError(error, { action: 'discoverWallets' }))
        .finally(() => ui.setDiscovering(false))
    },
    { fireImmediately: true },
  )
}
