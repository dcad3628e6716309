import { useInsertionEffect } from 'react'
import { adoptStylesheet, type PorticoStylesheet } from '../utils/adoptStylesheet.js'

/**
 * Styles the page for the component that calls it: adopts the stylesheet piece (once per page)
 * before the browser paints what the component rendered, as a constructed stylesheet a strict CSP
 * allows (`adoptStylesheet`). Nothing happens on the server, or when the page links
 * `portico/styles.css`. The page buttons adopt `buttons`, the modal `modal`, and each plugin view
 * its plugin's piece; a third-party plugin's views may ship their own.
 *
 * @param sheet - the piece, `{ name, css }`
 * @example
 * useStylesheet(viewsStylesheet)
 */
export function useStylesheet(sheet: PorticoStylesheet): void {
  useInsertionEffect(() => {
    adoptStylesheet(sheet)
  }, [sheet])
}
