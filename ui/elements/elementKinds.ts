/** The Portico custom elements, by the part of their tag after the prefix (`<portico-connect-button>`). */
export type ElementKind = 'connect-button' | 'account-button' | 'network-button' | 'modal'

/** Every element's attributes (the ones it observes), in the order the docs list them. */
export const elementAttributes: Record<ElementKind, readonly string[]> = {
  'connect-button': ['label', 'loading-label', 'namespace'],
  'account-button': ['namespace'],
  'network-button': [],
  modal: ['locale'],
}

/** Where a bad attribute's warning points. */
export const attributesDocs = 'docs/guides/web-components.md#attributes'

/**
 * The property name of an attribute: `loading-label` → `loadingLabel`.
 *
 * @example
 * propertyName('loading-label') // 'loadingLabel'
 */
export function propertyName(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}
