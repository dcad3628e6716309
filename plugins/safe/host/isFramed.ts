/**
 * Whether the page runs in a frame (its window has a parent other than itself): what a Safe App's
 * page is in its Safe{Wallet} host. Reading `parent` is allowed across origins; nothing is asked of it.
 *
 * @param window - the page's window (`undefined` outside a browser)
 * @example
 * isFramed(window) // true inside an iframe
 */
export function isFramed(window: { parent?: unknown } | undefined): boolean {
  return window !== undefined && window.parent !== undefined && window.parent !== null && window.parent !== window
}
