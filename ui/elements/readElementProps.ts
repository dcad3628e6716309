import { attributesDocs, elementAttributes, type ElementKind } from './elementKinds.js'

export type ReadElementPropsParameters = {
  kind: ElementKind
  /** The element's tag, for the warning (`portico-connect-button`). */
  tag: string
  /** Reads one attribute (`element.getAttribute`). */
  getAttribute: (name: string) => string | null
  /** The namespaces the Portico instance is configured with. */
  namespaces: readonly string[]
  /** Where a bad value is reported (default `console.warn`). */
  warn?: (message: string) => void
}

/** The React props an element's attributes give (only the attributes it has, with good values). */
export type ElementProps = { label?: string; loadingLabel?: string; namespace?: string; locale?: string }

function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1
  } catch {
    return false
  }
}

/**
 * Turns an element's attributes into the props of the React component it renders. A bad value
 * (an empty label, a namespace the instance is not configured with, a malformed locale) is left
 * out, so the component's default applies, with a console warning that names the default and
 * links the docs; it never throws.
 *
 * @param parameters.kind - which element
 * @param parameters.getAttribute - reads one attribute
 * @param parameters.namespaces - the instance's namespaces
 * @returns the props
 * @example
 * readElementProps({ kind: 'connect-button', tag: 'portico-connect-button', getAttribute: (n) => el.getAttribute(n), namespaces: ['eip155'] })
 * // { label: 'Sign in with a wallet' }
 */
export function readElementProps({ kind, tag, getAttribute, namespaces, warn = (message) => console.warn(message) }: ReadElementPropsParameters): ElementProps {
  const props: ElementProps = {}
  const bad = (attribute: string, value: string, why: string, fallback: string) =>
    warn(`Portico: <${tag} ${attribute}="${value}">: ${why}; using ${fallback}. See ${attributesDocs}`)
  for (const attribute of elementAttributes[kind]) {
    const value = getAttribute(attribute)
    if (value === null) continue
    if (attribute === 'label' || attribute === 'loading-label') {
      if (value.trim() === '') bad(attribute, value, 'an empty label would leave the button without a name', 'the default label')
      else props[attribute === 'label' ? 'label' : 'loadingLabel'] = value
    } else if (attribute === 'namespace') {
      if (namespaces.includes(value)) props.namespace = value
      else bad(attribute, value, `not a namespace of this Portico instance (${namespaces.join(', ') || 'none'})`, 'the active namespace')
    } else if (attribute === 'locale') {
      if (isLocale(value)) props.locale = value
      else bad(attribute, value, 'not a BCP 47 language tag', 'English')
    }
  }
  return props
}
