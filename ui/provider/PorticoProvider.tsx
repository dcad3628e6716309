import { reaction } from 'mobx'
import { enableStaticRendering } from 'mobx-react-lite'
import { useEffect, type ReactNode } from 'react'
import type { Portico } from '../../kernel/index.js'
import { ModalRoot } from '../components/ModalRoot/ModalRoot.js'
import { MessagesContext } from '../i18n/MessagesContext.js'
import type { Messages } from '../locales/en.js'
import { getUiState } from '../state/getUiState.js'
import { registerUiViews } from '../views/registerUiViews.js'
import { PorticoContext } from './PorticoContext.js'

export type PorticoProviderProps = {
  portico: Portico
  /** Strings of another locale (any subset; English fills the rest). */
  messages?: Messages
  children?: ReactNode
}

// Observers render once on the server and never subscribe there.
if (typeof window === 'undefined') enableStaticRendering(true)

const registered = new WeakSet<Portico>()

/**
 * Makes a Portico instance available to the components and hooks below it, registers the UI's
 * views, and mounts the modal in a portal on `document.body` (client only; not with
 * `features.headless`, where the site draws its own UI from the hooks). Wallet discovery runs
 * when the modal first opens.
 *
 * @param props.portico - from `createPortico`
 * @param props.messages - another locale's strings
 * @example
 * <PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>
 */
export function PorticoProvider({ portico, messages, children }: PorticoProviderProps) {
  if (!registered.has(portico)) {
    registerUiViews(portico.views)
    registered.add(portico)
  }
  useEffect(() => {
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
  }, [portico])
  return (
    <PorticoContext.Provider value={portico}>
      <MessagesContext.Provider value={messages}>
        {children}
        {portico.stores.options.features.headless ? null : <ModalRoot />}
      </MessagesContext.Provider>
    </PorticoContext.Provider>
  )
}
