import { toPorticoHandle, type Portico, type PorticoHandle } from '../../kernel/index.js'
import type { Messages } from '../locales/en.js'
import { ElementsAlreadyDefinedError, InvalidElementPrefixError } from './errors.js'
import { elementAttributes, propertyName, type ElementKind } from './elementKinds.js'
import { MountedElements } from './MountedElements.js'
import { readElementProps } from './readElementProps.js'
import { stateEvents } from './stateEvents.js'

export type DefinePorticoElementsParameters = {
  /** The first part of every tag: `portico` gives `<portico-connect-button>` (default `portico`). */
  prefix?: string
  /** The page's locale when no `<portico-modal locale="…">` sets one (plugin strings load lazily). */
  locale?: string
  /** Strings of another locale (any subset; English fills the rest). */
  messages?: Messages
}

/** The tags that were defined, by element. */
export type DefinePorticoElementsReturnType = Record<ElementKind, string>

export type DefinePorticoElementsErrorType = ElementsAlreadyDefinedError | InvalidElementPrefixError

const kinds = Object.keys(elementAttributes) as ElementKind[]
// One instance per prefix per page (custom element names cannot be defined twice).
const definedBy = new Map<string, PorticoHandle>()

/**
 * Registers Portico's custom elements for one instance: `<portico-connect-button>`,
 * `<portico-account-button>`, `<portico-network-button>` and `<portico-modal>`. They render the
 * React components of `portico/react` (React is loaded by this module; the page writes none)
 * into their own light DOM, under one provider, so the page has exactly one modal however many
 * elements it holds. Their attributes are also properties; they dispatch `portico-connect`,
 * `portico-disconnect`, `portico-account-change`, `portico-network-change`, `portico-open` and
 * `portico-close` (bubbling, composed) from the kernel's state.
 *
 * A second call with the same instance does nothing; with another instance it throws
 * `ElementsAlreadyDefinedError` unless it uses its own `prefix`.
 *
 * @param instance - from `createPortico`
 * @param parameters.prefix - the tag prefix (default `portico`)
 * @param parameters.locale - the page's locale
 * @returns the defined tag names
 * @example
 * import { createPortico } from 'portico'
 * import { eip155 } from 'portico/eip155'
 * import { definePorticoElements } from 'portico/elements'
 * definePorticoElements(createPortico({ projectId, networks, plugins: [eip155()] }))
 * // <portico-connect-button></portico-connect-button> now works anywhere on the page
 */
export function definePorticoElements(instance: PorticoHandle | Portico, parameters: DefinePorticoElementsParameters = {}): DefinePorticoElementsReturnType {
  const portico = toPorticoHandle(instance)
  const prefix = parameters.prefix ?? 'portico'
  if (typeof prefix !== 'string' || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(prefix)) throw new InvalidElementPrefixError(prefix)
  const tags = Object.fromEntries(kinds.map((kind) => [kind, `${prefix}-${kind}`])) as DefinePorticoElementsReturnType
  const owner = definedBy.get(prefix)
  if (owner === portico) return tags
  if (owner || kinds.some((kind) => customElements.get(tags[kind]))) throw new ElementsAlreadyDefinedError(prefix)
  definedBy.set(prefix, portico)

  const host = createHost(portico, parameters)
  for (const kind of kinds) customElements.define(tags[kind], elementClass(kind, tags[kind], host))
  return tags
}

type Host = {
  mounted: MountedElements
  add(element: HTMLElement, kind: ElementKind, tag: string): void
  update(element: HTMLElement, kind: ElementKind, tag: string): void
  remove(element: HTMLElement): void
}

/** The one React root (created with the first element, unmounted with the last) and the event bridge. */
function createHost(portico: PorticoHandle, { locale, messages }: DefinePorticoElementsParameters): Host {
  const mounted = new MountedElements()
  let root: { unmount(): void } | undefined
  let starting: Promise<void> | undefined
  let unsubscribe: (() => void) | undefined
  const namespaces = [...new Set(portico.options.networks.map((n) => n.chainNamespace))]
  const props = (element: HTMLElement, kind: ElementKind, tag: string) =>
    readElementProps({ kind, tag, getAttribute: (name) => element.getAttribute(name), namespaces })

  async function start() {
    // React and the components load with the first element, not with this module's import.
    // `portico/react`'s entry is imported whole (see ElementsHostComponents), the host beside it.
    const [components, { mountElementsHost }] = await Promise.all([import('../index.js'), import('./ElementsHost.js')])
    if (mounted.size === 0 || root) return
    root = mountElementsHost({ components, portico, mounted, ...(locale ? { locale } : {}), ...(messages ? { messages } : {}) })
    let previous = portico.getState()
    unsubscribe = portico.subscribe('state', (next) => {
      const events = stateEvents(previous, next)
      previous = next
      const target = mounted.eventTarget()
      if (!target) return
      for (const { type, detail } of events) target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
    })
  }

  function ensureStarted() {
    if (root || starting) return
    starting = start()
      .catch((error: unknown) => {
        portico.reportError(error, { action: 'definePorticoElements' })
      })
      .finally(() => {
        starting = undefined
        if (mounted.size === 0) stop()
      })
  }

  function stop() {
    unsubscribe?.()
    unsubscribe = undefined
    root?.unmount()
    root = undefined
  }

  return {
    mounted,
    add(element, kind, tag) {
      // Content written inside the tag is the page's fallback until Portico renders.
      if (!mounted.has(element)) element.replaceChildren()
      mounted.set(element, kind, props(element, kind, tag))
      ensureStarted()
    },
    update(element, kind, tag) {
      if (mounted.has(element)) mounted.set(element, kind, props(element, kind, tag))
    },
    remove(element) {
      mounted.delete(element)
      if (mounted.size === 0 && !starting) stop()
    },
  }
}

function elementClass(kind: ElementKind, tag: string, host: Host): CustomElementConstructor {
  const attributes = elementAttributes[kind]
  class PorticoElement extends HTMLElement {
    static get observedAttributes() {
      return [...attributes]
    }

    connectedCallback() {
      host.add(this, kind, tag)
    }

    disconnectedCallback() {
      // A move (remove, then insert elsewhere) reconnects before the microtask: keep the tree.
      queueMicrotask(() => {
        if (!this.isConnected) host.remove(this)
      })
    }

    attributeChangedCallback() {
      host.update(this, kind, tag)
    }
  }
  // Every attribute is also a property (`el.loadingLabel = '…'`); null or undefined removes it.
  for (const attribute of attributes) {
    Object.defineProperty(PorticoElement.prototype, propertyName(attribute), {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute) ?? undefined
      },
      set(this: HTMLElement, value: unknown) {
        if (value === null || value === undefined) this.removeAttribute(attribute)
        else this.setAttribute(attribute, String(value))
      },
    })
  }
  return PorticoElement
}
