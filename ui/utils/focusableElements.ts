const selector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/**
 * The elements inside `root` that Tab can reach, in document order (hidden ones skipped).
 *
 * @param root - the container (the dialog)
 * @returns the focusable elements
 * @example
 * const [first] = focusableElements(dialog)
 */
export function focusableElements(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(selector)].filter(
    (element) => !element.closest('[inert]') && !element.hasAttribute('hidden') && element.getClientRects().length > 0,
  )
}
