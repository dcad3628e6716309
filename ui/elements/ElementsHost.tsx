import { useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import type { PorticoHandle } from '../../kernel/index.js'
import type { Messages } from '../locales/en.js'
import type { MountedElement, MountedElements } from './MountedElements.js'
import type * as reactEntry from '../index.js'

/**
 * The components of `portico/react`, passed in rather than imported: `portico/elements` loads that
 * entry whole with `import()`, so the build keeps it one file that a React site loads as before,
 * instead of splitting it into chunks shared with this one (which would add bytes to every React
 * site's eager bundle).
 */
export type ElementsHostComponents = Pick<typeof reactEntry, 'PorticoProvider' | 'ConnectButton' | 'AccountButton' | 'NetworkButton'>

export type ElementsHostProps = {
  components: ElementsHostComponents
  portico: PorticoHandle
  mounted: MountedElements
  /** The locale when no `<…-modal locale>` says otherwise. */
  locale?: string
  messages?: Messages
}

function ElementContent({ entry, components }: { entry: MountedElement; components: ElementsHostComponents }) {
  const { props } = entry
  const { ConnectButton, AccountButton, NetworkButton } = components
  switch (entry.kind) {
    case 'connect-button':
      return <ConnectButton {...(props.label ? { label: props.label } : {})} {...(props.loadingLabel ? { loadingLabel: props.loadingLabel } : {})} {...(props.namespace ? { namespace: props.namespace } : {})} />
    case 'account-button':
      return <AccountButton {...(props.namespace ? { namespace: props.namespace } : {})} />
    case 'network-button':
      return <NetworkButton />
    default:
      // <…-modal> holds no content of its own: the one modal is portalled to <body> by the provider.
      return null
  }
}

/**
 * The one React tree behind every Portico element on the page: one `PorticoProvider` (so one
 * modal, however many elements there are) and a portal into each element.
 *
 * @example
 * createRoot(container).render(<ElementsHost components={await import('portico/react')} portico={portico} mounted={mounted} />)
 */
export function ElementsHost({ components, portico, mounted, locale, messages }: ElementsHostProps) {
  const { PorticoProvider } = components
  const entries = useSyncExternalStore(mounted.subscribe, mounted.getSnapshot, mounted.getSnapshot)
  const modalLocale = entries.find((entry) => entry.kind === 'modal' && entry.props.locale)?.props.locale
  const pageLocale = modalLocale ?? locale
  return (
    <PorticoProvider portico={portico} {...(pageLocale ? { locale: pageLocale } : {})} {...(messages ? { messages } : {})}>
      {entries.map((entry) => createPortal(<ElementContent entry={entry} components={components} />, entry.element, String(entry.key)))}
    </PorticoProvider>
  )
}

/**
 * Renders `ElementsHost` into a root of its own (a container never put in the page: everything it
 * draws goes through portals). Loaded with `import()` by the first element, so React and the
 * components come with it and not with `portico/elements`' first import.
 *
 * @returns the root, to unmount with the last element
 * @example
 * const root = mountElementsHost({ components: await import('portico/react'), portico, mounted }); root.unmount()
 */
export function mountElementsHost(props: ElementsHostProps): Root {
  const root = createRoot(document.createElement('div'))
  root.render(<ElementsHost {...props} />)
  return root
}
