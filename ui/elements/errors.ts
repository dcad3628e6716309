import { BaseError } from '../../kernel/index.js'

/**
 * Thrown when `definePorticoElements` runs a second time with another Portico instance and the
 * same tag prefix: a custom element name can be defined only once per page.
 */
export class ElementsAlreadyDefinedError extends BaseError {
  override name = 'ElementsAlreadyDefinedError'
  override code = 'ELEMENTS_ALREADY_DEFINED'
  constructor(prefix: string) {
    super(`The <${prefix}-…> elements are already defined for another Portico instance`, {
      docsPath: '/guides/web-components.md#one-instance-per-prefix',
      metaMessages: [`Call definePorticoElements once per instance, or give the second one its own prefix: definePorticoElements(other, { prefix: 'my-portico' }).`],
    })
  }
}

/** Thrown when the `prefix` option is not a valid custom element name prefix. */
export class InvalidElementPrefixError extends BaseError {
  override name = 'InvalidElementPrefixError'
  override code = 'INVALID_ELEMENT_PREFIX'
  constructor(prefix: unknown) {
    super(`"${String(prefix)}" is not a valid custom element prefix`, {
      docsPath: '/guides/web-components.md#options',
      metaMessages: ['A prefix starts with a lower-case letter and has only lower-case letters, digits and hyphens, e.g. "portico" or "my-portico".'],
    })
  }
}
