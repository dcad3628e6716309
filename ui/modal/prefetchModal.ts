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
  const descriptor = portico.views.get(view)
  if (descriptor) void loadView(descriptor).catch(() => undefined)
  // The Connect view's plugin sections (email field, social buttons) render with it.
  if (view === 'Connect') {
    for (const method of ['email', 'social'] as const) {
      const section = portico.connectMethods.get(method)
      if (section) void loadView(sectionDescriptor(section, portico.views)).catch(() => undefined)
    }
  }
}
