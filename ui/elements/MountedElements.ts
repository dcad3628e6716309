import type { ElementKind } from './elementKinds.js'
import type { ElementProps } from './readElementProps.js'

/** One element on the page and what its React component gets. */
export type MountedElement = { key: number; kind: ElementKind; element: HTMLElement; props: ElementProps }

/**
 * The Portico elements connected to the page, read by the one React root (with
 * `useSyncExternalStore`): each entry becomes a portal into its element. No React, no MobX.
 *
 * @example
 * const mounted = new MountedElements(); mounted.set(el, 'connect-button', {})
 */
export class MountedElements {
  #entries = new Map<HTMLElement, MountedElement>()
  #snapshot: readonly MountedElement[] = []
  #listeners = new Set<() => void>()
  #nextKey = 1

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  getSnapshot = (): readonly MountedElement[] => this.#snapshot

  get size(): number {
    return this.#entries.size
  }

  has(element: HTMLElement): boolean {
    return this.#entries.has(element)
  }

  /** Adds an element or replaces its props. */
  set(element: HTMLElement, kind: ElementKind, props: ElementProps): void {
    const key = this.#entries.get(element)?.key ?? this.#nextKey++
    this.#entries.set(element, { key, kind, element, props })
    this.#changed()
  }

  delete(element: HTMLElement): void {
    if (this.#entries.delete(element)) this.#changed()
  }

  /** Where the events go: the `<…-modal>` element if the page has one, else the first element in document order. */
  eventTarget(): HTMLElement | undefined {
    const connected = [...this.#entries.values()].filter((entry) => entry.element.isConnected)
    const modal = connected.find((entry) => entry.kind === 'modal')
    if (modal) return modal.element
    connected.sort((a, b) => (a.element.compareDocumentPosition(b.element) & 4 /* FOLLOWING */ ? -1 : 1))
    return connected[0]?.element
  }

  #changed(): void {
    this.#snapshot = [...this.#entries.values()]
    for (const listener of [...this.#listeners]) listener()
  }
}
