import { BaseError } from './BaseError.js'

/** A request to a Portico endpoint failed. */
export class HttpRequestError extends BaseError {
  override name = 'HttpRequestError'
  override code = 'HTTP_REQUEST_FAILED'
  status: number | undefined
  url: string
  constructor({ url, status, body, cause }: { url: string; status?: number; body?: string; cause?: unknown }) {
    super('HTTP request failed.', {
      cause,
      docsPath: '/kernel/errors.md#httprequesterror',
      metaMessages: [`URL: ${url}`, ...(status ? [`Status: ${status}`] : []), ...(body ? [`Body: ${body.slice(0, 200)}`] : [])],
    })
    this.status = status
    this.url = url
  }
}

/** A request took longer than its time-out. */
export class TimeoutError extends BaseError {
  override name = 'TimeoutError'
  override code = 'TIMEOUT'
  constructor({ url, timeoutMs }: { url: string; timeoutMs: number }) {
    super('The request took too long to respond.', {
      docsPath: '/kernel/errors.md#timeouterror',
      metaMessages: [`URL: ${url}`, `Time-out: ${timeoutMs} ms`],
    })
  }
}

/** No endpoint is configured for a call. */
export class UrlRequiredError extends BaseError {
  override name = 'UrlRequiredError'
  override code = 'URL_REQUIRED'
  constructor() {
    super('No URL was provided to the Transport.', { docsPath: '/kernel/errors.md#urlrequirederror' })
  }
}
