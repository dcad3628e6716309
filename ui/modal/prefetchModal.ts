import type { Portico, View } from '../../kernel/kernel.js'
import { loadView, sectionDescriptor } from './viewComponents.js'

/**
 * Fetches what opening the modal on `view` will need beyond the UI's chunk (a view with a chunk
 * of its own, a plugin's view or Connect section) while the visitor is about to click: the page
 * buttons call it on hover, focus and touch, so nothing loads for a visitor who never reaches
 * for them and the click shows the view at once.
 *
 * @example
 * <button onPointerEnter={() => prefetchModal(portico, 'Connect')} />
 */
export function prefetchModal(portico: Portico, view: View): void {
  void viewReady(portico, view)
}

/**
 * Loads what the modal shows on `view` before it paints (its chunk, and for Connect the plugin
 * sections above its wallet list: the email field, the social buttons); resolves when each has
 * loaded or failed. The modal waits for it on opening, so the view paints at its final height:
 * a section painted later as a spinner first pushed the wallet list 47 px down about 140 ms after
 * Connect opened, under a visitor's pointer (a persona e2e clicked the wallet below the one it meant).
 *
 * @example
 * await viewReady(portico, portico.stores.router.view)
 */
export async function viewReady(portico: Portico, view: View): Promise<void> {
  const descriptors = [portico.views.get(view)]
  if (view === 'Connect') {
    for (const method of ['email', 'social'] as const) {
      const section = portico.connectMethods.get(method)
      if (section) descriptors.push(sectionDescriptor(section, portico.views))
    }
  }
  await Promise.all(descriptors.map((descriptor) => (descriptor ? loadView(descriptor).catch(() => undefined) : undefined)))
}
