import type { FastifyServerOptions } from 'fastify'

/** Levels of the `log.level` option (pino's). */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/** The `log` key of the configuration. */
export type LogConfig = {
  /** Lowest level written; default `info`. `silent` writes nothing. */
  level?: LogLevel
  /** Log account addresses and other long ids in URLs in full; default false (`0xf39f…2266`). */
  fullAddresses?: boolean
}

/** Query parameters whose values never reach a log line (relay JWTs, tokens, signatures, OAuth codes). */
const secretParams = /^(auth|token|access_token|id_token|refresh_token|signature|sig|code|state|pci|secret|key|apikey|api_key|password|pass|session)$/i
/** Runs of 20+ letters and digits, a digit among them (addresses, public keys, hashes, ids; not words): shortened unless `fullAddresses`. */
const longRun = /(0x)?(?=[A-Za-z]*\d)[A-Za-z0-9]{20,}/g

/** Runs of 26+ letters and digits, a digit among them, anywhere in a line: every namespace's account addresses are at least that long. */
const addressLike = /(0x)?(?=[A-Za-z]*\d)[A-Za-z0-9]{26,}/g

function shorten(text: string): string {
  return text.replace(longRun, (run) => `${run.slice(0, 6)}…${run.slice(-4)}`)
}

/**
 * A URL as a log line shows it: secret query values replaced with `[redacted]`, and (unless
 * `fullAddresses`) addresses and long ids shortened to their first 6 and last 4 characters.
 */
function logUrl(url: string, fullAddresses: boolean): string {
  const at = url.indexOf('?')
  const path = at === -1 ? url : url.slice(0, at)
  const query = at === -1 ? '' : url.slice(at + 1)
  const pathShown = fullAddresses ? path : shorten(path)
  if (query === '') return pathShown
  const pairs = query.split('&').map((pair) => {
    const eq = pair.indexOf('=')
    const name = eq === -1 ? pair : pair.slice(0, eq)
    let decoded = name
    try {
      decoded = decodeURIComponent(name)
    } catch {
      // a malformed escape: matched as written
    }
    if (eq === -1) return name
    if (secretParams.test(decoded)) return `${name}=[redacted]`
    const value = pair.slice(eq + 1)
    return `${name}=${fullAddresses ? value : shorten(value)}`
  })
  return `${pathShown}?${pairs.join('&')}`
}

/** Keys whose value is a URL that may carry a password or an API key: upstreams, the database, Redis, bundlers. */
const secretUrlKeys = /^(rpcUrl|wsUrl|url)$/

/** Every string of the configuration an operator would not want in a log: keys, passwords, tokens, URLs with credentials or API keys. */
function collectSecrets(value: unknown, key: string, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.length >= 8 && (/secret|key|pass|token/i.test(key) || secretUrlKeys.test(key))) {
      into.add(value)
      // An upstream URL is also logged by Node as its origin plus path (fetch errors): its path and query may hold an API key.
      if (secretUrlKeys.test(key)) {
        try {
          const url = new URL(value)
          for (const part of [url.password, `${url.pathname}${url.search}`, url.search]) if (part.length >= 8) into.add(part)
        } catch {
          // not a URL: the whole string is already listed
        }
      }
    }
    return
  }
  if (typeof value !== 'object' || value === null || typeof value === 'function') return
  for (const [name, child] of Object.entries(value)) collectSecrets(child, key === 'exportTokens' || key === 'metrics' ? 'token' : name, into)
}

function escapeForJson(text: string): string {
  return JSON.stringify(text).slice(1, -1)
}

/**
 * Fastify's logger options (pino, one JSON object per line on stdout): the level, a request id
 * per request (a caller's `x-request-id` when it is a plain token, else a random UUID, echoed in
 * the answer), request lines with the method, the URL (secret query values redacted, addresses
 * shortened) and the client address but no headers, and every configured secret (keys, tokens,
 * passwords, upstream URLs, which may carry API keys) replaced with `[redacted]` in every line.
 *
 * @param log - the `log` key (level, fullAddresses)
 * @param config - the whole configuration, whose secrets are kept out of the lines
 * @returns options for `fastify({ ...createLogOptions(log, config) })`
 * @example
 * const app = fastify({ ...createLogOptions({ level: 'info' }, config) })
 */
export function createLogOptions(log: LogConfig, config: object): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  const fullAddresses = log.fullAddresses === true
  const secrets = new Set<string>()
  collectSecrets(config, '', secrets)
  // Longest first, so a URL is replaced whole before its path is; each as written and as it appears escaped inside a JSON string.
  const patterns = [...secrets]
    .sort((a, b) => b.length - a.length)
    .flatMap((secret) => [...new Set([escapeForJson(secret), secret])])
  return {
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : crypto.randomUUID()
    },
    logger: {
      level: log.level ?? 'info',
      serializers: {
        req: (request: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
          method: request.method,
          url: logUrl(request.url, fullAddresses),
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      },
      hooks: {
        streamWrite: (line: string) => {
          let out = line
          for (const secret of patterns) if (out.includes(secret)) out = out.split(secret).join('[redacted]')
          // Addresses in messages (an error that names an account) are shortened too.
          return fullAddresses ? out : out.replace(addressLike, (run) => `${run.slice(0, 6)}…${run.slice(-4)}`)
        },
      },
    },
  }
}
