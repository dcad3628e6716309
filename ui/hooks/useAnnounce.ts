import { useContext, useEffect } from 'react'
import { AnnounceContext } from '../modal/AnnounceContext.js'

/**
 * Announces a status through the modal's live region whenever it changes (for a view's
 * waiting, error and result states).
 *
 * @example
 * useAnnounce(t('view.switchNetwork.waiting'))
 */
export function useAnnounce(message: string | undefined): void {
  const announce = useContext(AnnounceContext)
  useEffect(() => {
    if (message) announce(message)
  }, [announce, message])
}
