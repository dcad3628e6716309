import { recoveryRootId } from '../recovery/renderRecoveryScreen.js'
import { approvalRootId } from './renderApprovalScreen.js'

/**
 * The height the approval or recovery screen's content needs, in CSS px. The screen is at least as
 * tall as the frame (`min-height: 100vh`, its buttons pushed to the bottom), so its own height would
 * only ever tell the frame's: it is measured with that minimum lifted for the measurement (set and
 * restored in one task, so nothing is painted in between).
 */
export function screenContentHeight(root: HTMLElement): number {
  const previous = root.style.minHeight
  root.style.minHeight = '0px'
  const height = root.getBoundingClientRect().height
  root.style.minHeight = previous
  return Math.ceil(height)
}

/**
 * Watches the frame's document for the approval or recovery screen and calls `onHeight` with its
 * content height ({@link screenContentHeight}) when one appears and whenever its content changes
 * size (a fee that arrives, an error line, the password fields). Never calls back synchronously.
 *
 * @example
 * watchScreenHeight(document, window, (height) => emit({ height }))
 */
export function watchScreenHeight(doc: Document, win: Window & typeof globalThis, onHeight: (height: number) => void): void {
  let watched: HTMLElement | undefined
  let last: number | undefined
  const report = () => {
    if (!watched?.isConnected) return
    const height = screenContentHeight(watched)
    if (height > 0 && height !== last) {
      last = height
      onHeight(height)
    }
  }
  const sizes = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(report) : undefined
  const find = () => {
    const root = doc.getElementById(approvalRootId) ?? doc.getElementById(recoveryRootId) ?? undefined
    if (root === watched) return
    sizes?.disconnect()
    watched = root
    last = undefined
    if (!root) return
    // The screen's children change size (and the screen itself is rebuilt per request): watch each.
    for (const child of Array.from(root.children)) sizes?.observe(child)
    sizes?.observe(root)
    win.requestAnimationFrame(report)
  }
  new win.MutationObserver(() => {
    find()
    if (watched) {
      for (const child of Array.from(watched.children)) sizes?.observe(child)
      win.requestAnimationFrame(report)
    }
  }).observe(doc.body, { childList: true, subtree: true })
}
