import { useSyncExternalStore } from 'react'
import type { OpenModalParameters, PorticoHandle, View } from '../../kernel/index.js'
import type * as uiModule from './uiModule.js'

export type UiModule = typeof uiModule

let loading: Promise<UiModule> | undefined
let loaded: UiModule | undefined
const listeners = new Set<() => void>()

/**
 * Loads the UI behind the page buttons once (the modal, the account summary): with the kernel,
 * never with the page. A failed load may be retried.
 *
 * @example
 * const { ModalRoot } = await loadUi()
 */
export function loadUi(): Promise<UiModule> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= import('./uiModule.js').then(
    (module) => {
      loaded = module
      for (const listener of [...listeners]) listener()
      return module
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * The UI module once loaded (`undefined` until then, and on the server), re-rendering when it arrives.
 *
 * @example
 * const ui = useLoadedUi(); ui ? <ui.AccountSummary /> : null
 */
export function useLoadedUi(): UiModule | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  )
}

/**
 * The visitor is reaching for a page button (hover, focus, touch): loads the kernel and the UI,
 * then the modal and the view the button opens, so the click shows it at once. Nothing is
 * requested from any server: the kernel asks nothing until the modal opens.
 *
 * @example
 * <button onPointerEnter={() => prefetchPortico(portico, 'Connect')} />
 */
export function prefetchPortico(portico: PorticoHandle, view: View): void {
  Promise.all([portico.load(), loadUi()]).then(
    ([kernel, ui]) => {
      ui.attachUi(kernel)
      ui.prefetchModal(kernel, view)
    },
    (error: unknown) => portico.reportError(error, { action: 'prefetch' }),
  )
}

const failureListeners = new Set<(failed: boolean) => void>()

/**
 * Calls `listener` with `true` each time a page button could not open the modal because its code
 * could not be fetched (the provider says so), and with `false` when a later click could.
 *
 * @returns the unsubscribe function
 * @example
 * useEffect(() => onOpenFailed(setFailed), [])
 */
export function onOpenFailed(listener: (failed: boolean) => void): () => void {
  failureListeners.add(listener)
  return () => {
    failureListeners.delete(listener)
  }
}

/**
 * What a page button's click does: loads the kernel and the UI (both already there after a
 * hover), then opens the modal. When either cannot be fetched (offline, a deploy replaced the
 * chunks) the modal stays closed and the provider says so; the next click tries again.
 *
 * @example
 * <button onClick={() => openFromPage(portico, { view: 'Networks' })} />
 */
export function openFromPage(portico: PorticoHandle, parameters: OpenModalParameters = {}): void {
  Promise.all([portico.load(), loadUi()]).then(
    () => {
      for (const listener of [...failureListeners]) listener(false)
      // A failure to open (an unknown namespace) raises the kernel's alert; nothing to add here.
      return portico.open(parameters).catch(() => undefined)
    },
    () => {
      for (const listener of [...failureListeners]) listener(true)
    },
  )
}
