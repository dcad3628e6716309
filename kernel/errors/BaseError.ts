import { version } from '../version.js'

/** Where the documentation lives, relative to the repository root. */
export const docsBase = 'docs'

export type BaseErrorParameters = {
  /** The underlying error, kept as `cause` and never swallowed. */
  cause?: unknown
  /** A longer technical explanation, shown under the short message. */
  details?: string
  /** Path of the page that explains this error, e.g. `/kernel/errors.md#invalidcaipaddresserror`. */
  docsPath?: string
  /** Extra lines that help the reader ("This could be due to: …"). */
  metaMessages?: string[]
}

export type BaseErrorType = BaseError & { name: 'PorticoError' }

/**
 * The base of every error Portico throws: a stable `code`, the short message
 * (the spec's exact string where it gives one), details, a docs link and the cause.
 *
 * @example
 * try { parseCaipAddress('nope') } catch (e) { if (e instanceof BaseError) e.walk() }
 */
export class BaseError extends Error {
  override name: string = 'PorticoError'
  /** A stable machine-readable code: a string, or the numeric JSON-RPC / provider code. */
  code: string | number = 'UNKNOWN'
  shortMessage: string
  details: string | undefined
  docsPath: string | undefined
  metaMessages: string[] | undefined
  version = `portico@${version}`

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof BaseError
        ? parameters.cause.details
        : parameters.cause instanceof Error
          ? parameters.cause.message
          : undefined)
    const message = [
      shortMessage,
      ...(parameters.metaMessages?.length ? ['', ...parameters.metaMessages] : []),
      ...(details && details !== shortMessage ? ['', `Details: ${details}`] : []),
      ...(parameters.docsPath ? [`Docs: ${docsBase}${parameters.docsPath}`] : []),
      `Version: portico@${version}`,
    ].join('\n')
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
  }

  /** Follows the `cause` chain to the deepest error, or the first for which `fn` is true. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    const seen = new Set<unknown>()
    while (current && !seen.has(current)) {
      seen.add(current)
      if (fn?.(current)) return current
      const next = (current as { cause?: unknown }).cause
      if (next === undefined) return fn ? null : current
      current = next
    }
    return fn ? null : current
  }
}
