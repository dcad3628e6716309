import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createGithubFake } from './createGithubFake.js'
import { identityTestUsers, sandboxIdentityClientId, sandboxOidcProviders } from './identityTestUsers.js'

export type IdentityProvider = {
  /** `http://<host>:<port>` */
  url: string
  port: number
  /** The issuer of an OpenID Connect provider, e.g. `http://127.0.0.1:4710/google`. */
  issuer(provider: (typeof sandboxOidcProviders)[number]): string
  /** The base of the GitHub-shaped OAuth 2 fake, `http://<host>:<port>/github`. */
  github: string
  stop(): Promise<void>
}

/** Drops console lines that start with `oidc-provider` until `restore()`. */
function quietOidcProviderNotices(): { restore(): void } {
  const { warn, info } = console
  const filter =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('oidc-provider ')) return
      original.apply(console, args)
    }
  console.warn = filter(warn)
  console.info = filter(info)
  return {
    restore() {
      console.warn = warn
      console.info = info
    },
  }
}

export type StartIdentityProviderParameters = {
  /** 0 picks a free port. */
  port: number
  host?: string
  /** Where the providers may send visitors back (the server's `/auth/v1/social/callback`). */
  redirectUris: string[]
}

/**
 * The sandbox's identity provider on one port: an `oidc-provider` instance per provider it plays
 * (`/google`, `/apple`, `/discord`, `/x`, `/facebook`; issuer `<url>/<provider>`, one public PKCE
 * client `portico-sandbox-<provider>`, the dev login form — any password — with an abort link that
 * answers `access_denied`), and a GitHub-shaped OAuth 2 fake at `/github`. The accounts are in
 * `identityTestUsers.ts`. Nothing leaves the host; keys and sessions live in memory.
 *
 * @example
 * const idp = await startIdentityProvider({ port: 4710, redirectUris: ['http://127.0.0.1:4711/auth/v1/social/callback'] })
 * idp.issuer('google') // 'http://127.0.0.1:4710/google'
 */
export async function startIdentityProvider({ port, host = '127.0.0.1', redirectUris }: StartIdentityProviderParameters): Promise<IdentityProvider> {
  // oidc-provider announces its development defaults (in-memory adapter, dev keys, dev login
  // form, Node 20) on the console when loaded and built; the sandbox uses them on purpose and
  // `npm start` prints one line, so those announcements are held back while it sets up.
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const actualPort = (server.address() as AddressInfo).port
  const url = `http://${host}:${actualPort}`
  const redirectOrigins = [...new Set(redirectUris.map((uri) => new URL(uri).origin))].join(' ')
  const handlers = new Map<string, (request: IncomingMessage, response: ServerResponse) => void>()
  const quiet = quietOidcProviderNotices()
  try {
    const { default: Provider } = await import('oidc-provider')
    for (const id of sandboxOidcProviders) {
    const accounts = identityTestUsers[id]
    const provider = new Provider(`${url}/${id}`, {
      clients: [{ client_id: sandboxIdentityClientId(id), token_endpoint_auth_method: 'none', redirect_uris: redirectUris, response_types: ['code'], grant_types: ['authorization_code'] }],
      pkce: { required: () => true },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
      conformIdTokenClaims: false,
      ttl: { Interaction: 3600, Session: 86_400, Grant: 86_400, AccessToken: 3600, IdToken: 3600, AuthorizationCode: 600 },
      features: { devInteractions: { enabled: true } },
      async renderError(ctx, out) {
        ctx.type = 'html'
        ctx.body = `<!doctype html><title>Sandbox identity provider: error</title><h1>${String(out.error).replace(/[^\w.-]/g, '')}</h1>`
      },
      async findAccount(_ctx, accountId) {
        // oidc-provider makes the account id the `sub`: the OIDC test accounts' sub is their login.
        const account = accounts.find((a) => a.login === accountId)
        if (!account) return undefined
        return {
          accountId,
          async claims() {
            return { sub: account.sub, email: account.email, email_verified: account.emailVerified, name: account.name, ...(account.handle ? { preferred_username: account.handle } : {}) }
          },
        }
      },
    })
    const callback = provider.callback()
    handlers.set(id, (request, response) => {
      // The dev login pages: no request leaves the host (their stylesheet imports a web font), and
      // the forms may only lead back here or to the server's callback.
      response.setHeader('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirectOrigins}; base-uri 'none'; frame-ancestors 'none'`)
      ;(request as IncomingMessage & { originalUrl?: string }).originalUrl = request.url
      request.url = (request.url ?? '/').slice(id.length + 1) || '/'
      callback(request, response)
    })
    }
  } catch (error) {
    server.close()
    throw error
  } finally {
    quiet.restore()
  }
  const github = createGithubFake({ clientId: sandboxIdentityClientId('github'), redirectUris })

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const segment = /^\/([a-z]+)(?=\/|\?|$)/.exec(request.url ?? '')?.[1] ?? ''
    if (segment === 'github') {
      github(request, response, (request.url ?? '/').slice('/github'.length) || '/').catch(() => {
        if (!response.headersSent) response.writeHead(500).end()
      })
      return
    }
    const handler = handlers.get(segment)
    if (handler) return handler(request, response)
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the sandbox identity provider serves /google, /apple, /discord, /x, /facebook and /github')
  })

  return {
    url,
    port: actualPort,
    issuer: (id) => `${url}/${id}`,
    github: `${url}/github`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
