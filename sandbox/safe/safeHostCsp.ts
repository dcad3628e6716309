/**
 * The CSPs of the Safe host page and of the demo inside it: the host page (`/sandbox/safe`, on the
 * server's origin) may frame the demo's origin (`http://localhost:<PORT>`), and the demo opened with
 * `?safeApp=1` may be framed by the host's origin only (everywhere else `frame-ancestors 'none'`).
 */

/**
 * `csp` with `origin` added to its `frame-src` (a directive is added when there is none).
 *
 * @example
 * allowFraming("default-src 'self'", 'http://localhost:4700') // "default-src 'self'; frame-src http://localhost:4700"
 */
export function allowFraming(csp: string, origin: string): string {
  return /(^|; )frame-src /.test(csp) ? csp.replace(/(^|; )frame-src ([^;]*)/, `$1frame-src $2 ${origin}`) : `${csp}; frame-src ${origin}`
}

/**
 * `csp` with its `frame-ancestors` set to `origin` alone.
 *
 * @example
 * allowFramedBy("frame-ancestors 'none'", 'http://127.0.0.1:4700') // 'frame-ancestors http://127.0.0.1:4700'
 */
export function allowFramedBy(csp: string, origin: string): string {
  return /(^|; )frame-ancestors /.test(csp) ? csp.replace(/(^|; )frame-ancestors [^;]*/, `$1frame-ancestors ${origin}`) : `${csp}; frame-ancestors ${origin}`
}

/** The host page's path. */
export const safeHostPath = '/sandbox/safe'
