import { useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import type { Portico } from '../../kernel/index.js'
import { AccountButton } from '../components/AccountButton/AccountButton.js'
import { ConnectButton } from '../components/ConnectButton/ConnectButton.js'
import { NetworkButton } from '../components/NetworkButton/NetworkButton.js'
import type { Messages } from '../locales/en.js'
import { PorticoProvider } from '../provider/PorticoProvider.js'
import type { MountedElement, MountedElements } from './MountedElements.js'

export type ElementsHostProps = {
  portico: Portico
  mounted: MountedElements
  /** The locale when no `<…-modal locale>` says otherwise. */
  locale?: string
  messages?: Messages
}

function ElementContent({ entry }: { entry: MountedElement }) {
  const { props } = entry
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
 * createRoot(container).render(<ElementsHost portico={portico} mounted={mounted} />)
 */
export function ElementsHost({ portico, mounted, locale, messages }: ElementsHostProps) {
  const entries = useSyncExternalStore(mounted.subscribe, mounted.getSnapshot, mounted.getSnapshot)
  const modalLocale = entries.find((entry) => entry.kind === 'modal' && entry.props.locale)?.props.locale
  const pageLocale = modalLocale ?? locale
  return (
    <PorticoProvider portico={portico} {...(pageLocale ? { locale: pageLocale } : {})} {...(messages ? { messages } : {})}>
      {entries.map((entry) => createPortal(<ElementContent entry={entry} />, entry.element, String(entry.key)))}
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
 * const root = mountElementsHost({ portico, mounted }); root.unmount()
 */
export function mountElementsHost(props: ElementsHostProps): Root {
  const root = createRoot(document.createElement('div'))
  root.render(<ElementsHost {...props} />)
  return root
}
