import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { identityTestUsers } from './identityTestUsers.js'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 65_536) request.destroy()
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })

/**
 * A GitHub-shaped OAuth 2 provider (no OpenID Connect), as the server's `github` preset expects:
 * `/login/oauth/authorize` (a login form: pick a test account, or Cancel → `access_denied`),
 * `/login/oauth/access_token` (PKCE S256 checked), `GET /user` and `GET /user/emails`.
 *
 * @param parameters - the client id it accepts and the redirect URIs it allows
 * @returns a request handler for paths below the mount point (`/github`)
 * @example
 * const github = createGithubFake({ clientId: 'portico-sandbox-github', redirectUris: [callback] })
 */
export function createGithubFake({ clientId, redirectUris }: { clientId: string; redirectUris: string[] }) {
  const users = identityTestUsers.github
  const codes = new Map<string, { login: string; redirectUri: string; challenge: string; expiresAt: number }>()
  const tokens = new Map<string, string>()
  const json = (response: ServerResponse, status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }
  const back = (response: ServerResponse, redirectUri: string, params: Record<string, string>): void => {
    const url = new URL(redirectUri)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    response.writeHead(302, { location: url.href }).end()
  }

  return async (request: IncomingMessage, response: ServerResponse, path: string): Promise<void> => {
    const url = new URL(path, 'http://localhost')
    if (url.pathname === '/login/oauth/authorize') {
      const params = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams
      const redirectUri = params.get('redirect_uri') ?? ''
      if (params.get('client_id') !== clientId || !redirectUris.includes(redirectUri)) return json(response, 400, { error: 'redirect_uri_mismatch' })
      const state = params.get('state') ?? ''
      if (request.method === 'POST') {
        if (params.get('action') === 'cancel') return back(response, redirectUri, { error: 'access_denied', error_description: 'The user has denied your application access.', state })
        const user = users.find((u) => u.login === params.get('login'))
        if (!user) return json(response, 400, { error: 'unknown_login' })
        const code = randomBytes(16).toString('hex')
        codes.set(code, { login: user.login, redirectUri, challenge: params.get('code_challenge') ?? '', expiresAt: Date.now() + 600_000 })
        return back(response, redirectUri, { code, state })
      }
      const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'].map((k) => `<input type="hidden" name="${k}" value="${escape(params.get(k) ?? '')}">`).join('')
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; form-action 'self' ${new URL(redirectUri).origin}; base-uri 'none'; frame-ancestors 'none'`,
      })
      return void response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to GitHub (sandbox)</title></head><body><h1>Sign in to GitHub (sandbox)</h1><form method="post">${hidden}<label>Login <select name="login">${users.map((u) => `<option>${escape(u.login)}</option>`).join('')}</select></label> <label>Password <input type="password" name="password"></label> <button name="action" value="login">Sign in</button> <button name="action" value="cancel">Cancel</button></form></body></html>`,
      )
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      const text = await readBody(request)
      const params = (request.headers['content-type'] ?? '').includes('json') ? new URLSearchParams(JSON.parse(text || '{}')) : new URLSearchParams(text)
      const entry = codes.get(params.get('code') ?? '')
      codes.delete(params.get('code') ?? '')
      const verifier = params.get('code_verifier') ?? ''
      if (!entry || entry.expiresAt < Date.now() || entry.redirectUri !== params.get('redirect_uri') || params.get('client_id') !== clientId || createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) {
        return json(response, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' })
      }
      const token = `gho_${randomBytes(18).toString('hex')}`
      tokens.set(token, entry.login)
      return json(response, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' })
    }
    const login = tokens.get((request.headers.authorization ?? '').replace(/^(Bearer|token) /, ''))
    const user = users.find((u) => u.login === login)
    if (url.pathname === '/user' || url.pathname === '/user/emails') {
      if (!user) return json(response, 401, { message: 'Bad credentials' })
      if (url.pathname === '/user') return json(response, 200, { id: Number(user.sub), login: user.login, name: user.name, email: user.emailVerified ? user.email : null })
      return json(response, 200, [{ email: user.email, primary: true, verified: user.emailVerified, visibility: 'private' }])
    }
    return json(response, 404, { message: 'Not Found' })
  }
}
