import { createHash, randomBytes } from 'node:crypto'
import { createServer as createNetServer } from 'node:net'
import type { AuthConfig } from '../../../server/auth/AuthConfig.js'
import { startMailSink, type MailSink } from '../../../sandbox/mail/startMailSink.js'
import type { ServerConfig } from '../../../server/createServer.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

/** A free loopback port (for a wallet origin that must be known before the server starts). */
export async function freePort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A PKCE pair as the frame makes it. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export type AuthTestServer = {
  server: TestServer
  sink: MailSink
  walletOrigin: string
  /** The test clock (epoch ms); move it with `clock.now += …`. */
  clock: { now: number }
  /** A request to the wallet origin; POSTs carry `Origin: walletOrigin` unless `headers.origin` says otherwise. */
  call(method: 'GET' | 'POST', path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>
  /** The 6-digit code of the newest email to `to`. */
  codeFor(to: string): Promise<string>
  dispose(): Promise<void>
}

/** Starts a server with `auth` on a fresh wallet origin, a mail sink, and a test clock. */
export async function startAuthServer({ auth = {}, server: overrides = {} }: { auth?: Partial<AuthConfig>; server?: Partial<ServerConfig> } = {}): Promise<AuthTestServer> {
  const sink = await startMailSink({ port: 0 })
  const port = auth.listen?.port ?? (await freePort())
  const walletOrigin = auth.walletOrigin ?? `http://127.0.0.1:${port}`
  const clock = { now: Date.now() }
  const server = await startTestServer({
    indexer: false,
    email: { smtp: { host: '127.0.0.1', port: sink.port }, from: 'Portico <no-reply@portico.localhost>', exportTokens: {} },
    projects: { demo: { allowedOrigins: ['https://shop.example.com', '*.example.org'] } },
    defaultProject: undefined,
    auth: {
      walletOrigin,
      listen: { host: '127.0.0.1', port },
      shareKey: randomBytes(32).toString('hex'),
      recoveryKey: randomBytes(32).toString('base64'),
      frame: { script: 'console.log("frame")', style: 'body{margin:0}' },
      siteName: 'Demo Shop',
      now: () => clock.now,
      ...auth,
    },
    ...overrides,
  })
  const call: AuthTestServer['call'] = async (method, path, { body, token, headers = {} } = {}) => {
    const response = await fetch(`${walletOrigin}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(method === 'POST' ? { 'content-type': 'application/json', origin: walletOrigin } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
    return { status: response.status, body: parsed, headers: response.headers }
  }
  return {
    server,
    sink,
    walletOrigin,
    clock,
    call,
    async codeFor(to) {
      for (let i = 0; i < 50; i++) {
        const mail = sink.list().find((m) => m.to.includes(to))
        const code = mail ? /\b(\d{6})\b/.exec(mail.subject)?.[1] : undefined
        if (code) return code
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`No code email to ${to}`)
    },
    async dispose() {
      await server.dispose()
      await sink.stop()
    },
  }
}
