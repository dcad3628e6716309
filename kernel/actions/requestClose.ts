import type { PorticoBase } from '../types/portico.js'

/**
 * What Esc and the overlay do: close, unless the visitor must act first (an unsupported chain,
 * or a guard such as required sign-in); then the modal shakes and stays.
 *
 * @returns whether the modal closed
 * @example
 * if (!portico.requestClose()) console.log('shaking')
 */
export function requestClose(portico: PorticoBase): boolean {
  const { router, modal } = portico.stores
  const onUnsupported = router.view === 'UnsupportedChain' || (router.view === 'SwitchNetwork' && router.history.includes('UnsupportedChain'))
  if (onUnsupported || modal.isCloseBlocked()) {
    modal.shake()
    return false
  }
  portico.close()
  return true
}
