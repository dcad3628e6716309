import { popupName, popupSize } from '../constants.js'
import type { PopupWindow } from '../store/AuthStore.js'

type PopupScope = {
  open?: (url: string, target: string, features: string) => unknown
  screenX?: number
  screenY?: number
  outerWidth?: number
  outerHeight?: number
}

/**
 * Opens the social login popup (600 × 800, centred on the page's window) on a blank page; call it
 * in the click handler itself, or a popup blocker stops it. Not `noopener`: the callback page
 * answers through `window.opener`. Returns null when the browser blocked it.
 *
 * @example
 * const popup = openPopup() // in onClick
 */
export function openPopup(scope: PopupScope | undefined = globalThis as unknown as PopupScope): PopupWindow | null {
  if (typeof scope?.open !== 'function') return null
  const { width, height } = popupSize
  const left = Math.max(0, Math.round((scope.screenX ?? 0) + ((scope.outerWidth ?? width) - width) / 2))
  const top = Math.max(0, Math.round((scope.screenY ?? 0) + ((scope.outerHeight ?? height) - height) / 2))
  try {
    const popup = scope.open('', popupName, `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
    return popup && typeof popup === 'object' ? (popup as PopupWindow) : null
  } catch {
    return null
  }
}
