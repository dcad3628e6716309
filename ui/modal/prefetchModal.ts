import type { Portico, View } from '../../kernel/kernel.js'
import { loadView, sectionDescriptor } from './viewComponents.js'

type ModalModule = typeof import('../components/Modal/Modal.js')

let shell: Promise<ModalModule> | undefined
let loaded: ModalModule | undefined

/** The modal shell's module once it has loaded (render it directly: no suspense, no reveal delay). */
export function loadedModalShell(): ModalModule | undefined {
  return loaded
}

/**
 * Loads the modal shell's module once (a failure may be retried). The modal root renders it
 * lazily; a prefetch makes that first render immediate.
 *
 * @example
 * const { Modal } = await loadModalShell()
 */
export function loadModalShell(): Promise<ModalModule> {
  if (!shell) {
    shell = import('../components/Modal/Modal.js')
    shell.then(
      (module) => {
        loaded = module
      },
      () => {
        shell = undefined
      },
    )
  }
  return shell
}

/**
 * Fetches what opening the modal on `view` will need (the shell and that view's module) while
 * the visitor is about to click: the page buttons call it on hover, focus and touch, so nothing
 * loads for a visitor who never reaches for them and the click shows the view at once.
 *
 * @example
 * <button onPointerEnter={() => prefetchModal(portico, 'Connect')} />
 */
export function prefetchModal(portico: Portico, view: View): void {
  void loadModalShell().catch(() => undefined)
  const descriptor = portico.views.get(view)
  if (descriptor) void loadView(descriptor).catch(() => undefined)
  // The Connect view's plugin sections (email field, social buttons) render with it.
  if (view === 'Connect') {
    for (const method of ['email', 'social'] as const) {
      const section = portico.connectMethods.get(method)
      if (section) void loadView(sectionDescriptor(section)).catch(() => undefined)
    }
  }
}
