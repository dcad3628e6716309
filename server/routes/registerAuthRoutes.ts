import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { authEmailCodes } from '../auth/codes/authEmailCodes.js'
import { frameAncestorSources } from '../auth/frame/frameAncestorSources.js'
import { renderCallbackPage, renderFramePage, renderMessagePage, socialCallbackScript } from '../auth/frame/htmlPages.js'
import { createStartLimiter } from '../auth/rateLimits/createStartLimiter.js'
import type { ResolvedAuthConfig } from '../auth/resolveAuthConfig.js'
import { challengePattern } from '../auth/secrets.js'
import { createSessionStore, type AuthSession } from '../auth/sessions/createSessionStore.js'
import { createShareCipher } from '../auth/shares/createShareCipher.js'
import { createSocialLogins } from '../auth/social/createSocialLogins.js'
import { createUserStore, type AuthUserRow } from '../auth/users/createUserStore.js'
import { isEmailAddress } from '../../kernel/utils/isEmailAddress.js'
import { HttpError } from '../errors/HttpError.js'
import { checkProject } from '../projects/authorizeProject.js'
import { resolveProject } from '../projects/resolveProject.js'
import { badRequest } from '../utils/badRequest.js'
import { isOriginAllowed } from '../utils/isOriginAllowed.js'
import { isProjectId } from '../utils/isProjectId.js'
import type { ServerContext } from './ServerContext.js'
import { empty, media, routeSchema, sdkQuery, str } from './routeSchemas.js'

/** The strict CSP of the pages the wallet origin serves (the frame adds its frame-ancestors). */
const pageCsp = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'"

/** The user as the frame sees it (plugins/auth/protocol.ts `AuthUser`; server/ does not import plugins). */
type AuthUser = { id: string; email?: string; provider: string; handle?: string; name?: string }

const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/

type Field = 'projectId' | 'email' | 'challenge' | 'attemptId' | 'code' | 'verifier' | 'ticket'
/** Each field's check (a pattern, or the kernel's email rule) and the message of a 400. */
const fieldRules: Record<Field, [{ test(value: string): boolean }, string]> = {
  projectId: [/^[A-Za-z0-9_-]{1,128}$/, 'projectId must be letters, digits, "_" or "-" (at most 128)'],
  email: [{ test: isEmailAddress }, 'email must be an email address such as alice@example.com'],
  challenge: [challengePattern, 'challenge must be base64url(sha256(verifier)): 43 characters'],
  attemptId: [/^[A-Za-z0-9_-]{22}$/, 'attemptId must be the attemptId the start answered'],
  code: [/^\d{6}$/, 'code must be the 6 digits from the email'],
  verifier: [verifierPattern, 'verifier must be 43 to 128 characters of [A-Za-z0-9._~-]'],
  ticket: [/^[A-Za-z0-9_-]{43}$/, 'ticket must be the ticket the callback page posted'],
}

/** Reads and checks the named string fields of a JSON body; a missing or malformed one is a 400 naming it. */
function readFields<F extends Field>(request: FastifyRequest, fields: readonly F[]): Record<F, string> {
  const body = request.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(`Send a JSON object { ${fields.join(', ')} }`)
  const out = {} as Record<F, string>
  for (const field of fields) {
    let value = (body as Record<string, unknown>)[field]
    if (field === 'email' && typeof value === 'string') value = value.trim().toLowerCase()
    const [pattern, message] = fieldRules[field]
    if (typeof value !== 'string' || value.length > 254 || !pattern.test(value)) throw badRequest(value === undefined ? `${field} is required` : message)
    out[field] = value
  }
  return out
}

const isAddress = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const isSolanaAddress = (value: unknown): value is string => typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
const isShare = (value: unknown): value is string => typeof value === 'string' && /^[\x21-\x7e]{16,4096}$/.test(value)

/**
 * Checks the shape of a protected recovery share (plugins/auth/frame/recovery/recoveryEnvelope.ts:
 * `{ v: 1, iv, ct, passkey?, password? }`, base64url fields) and answers its JSON (at most 4096
 * bytes). The server cannot open it; it only refuses what is not one.
 */
function readEnvelope(value: unknown): string {
  const b64 = (v: unknown, max = 1024) => typeof v === 'string' && v.length <= max && /^[A-Za-z0-9_-]+$/.test(v)
  const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
  const bad = () => badRequest('protectedRecovery must be { v: 1, iv, ct, passkey?: { credentialId, prfSalt, iv, wrapped }, password?: { kdf: "scrypt", N, r, p, salt, iv, wrapped } }')
  if (!record(value) || value.v !== 1 || !b64(value.iv) || !b64(value.ct)) throw bad()
  const { passkey, password } = value
  if (passkey !== undefined && (!record(passkey) || !b64(passkey.credentialId) || !b64(passkey.prfSalt) || !b64(passkey.iv) || !b64(passkey.wrapped))) throw bad()
  if (password !== undefined && (!record(password) || password.kdf !== 'scrypt' || ![password.N, password.r, password.p].every((n) => Number.isSafeInteger(n)) || !b64(password.salt) || !b64(password.iv) || !b64(password.wrapped))) throw bad()
  if (passkey === undefined && password === undefined) throw bad()
  // Only the known fields are kept.
  const json = JSON.stringify({
    v: 1,
    iv: value.iv,
    ct: value.ct,
    ...(passkey ? { passkey: { credentialId: passkey.credentialId, prfSalt: passkey.prfSalt, iv: passkey.iv, wrapped: passkey.wrapped } } : {}),
    ...(password ? { password: { kdf: 'scrypt', N: password.N, r: password.r, p: password.p, salt: password.salt, iv: password.iv, wrapped: password.wrapped } } : {}),
  })
  if (json.length > 4096) throw bad()
  return json
}

/**
 * Mounts the auth service of the embedded wallet, `/auth/v1/*` (docs/guides/embedded-wallet.md §4):
 * the frame page and its built script and style, email codes, social login (OIDC / OAuth 2 with
 * PKCE), sessions, the encrypted key shares and email change. Every route answers only requests
 * whose `Host` is the wallet origin's (others get 404); POSTs also need `Origin` = the wallet origin.
 *
 * @param app - the Fastify app
 * @param context - database and configuration
 * @param auth - the checked `auth` configuration
 * @example
 * await app.register(async (scope) => registerAuthRoutes(scope, context, resolveAuthConfig(config.auth, config.email)))
 */
export function registerAuthRoutes(app: FastifyInstance, { storage, config, redis }: ServerContext, auth: ResolvedAuthConfig): void {
  const { limits, now } = auth
  const users = createUserStore(storage, now)
  const sessions = createSessionStore(storage, { now, ttlMs: limits.sessionTtlMs })
  const starts = createStartLimiter(storage, { now, perHour: limits.startsPerIpPerHour, ...(redis ? { redis } : {}) })
  const authShares = createShareCipher(auth.shareKey)
  const recoveryShares = createShareCipher(auth.recoveryKey)
  const codes = authEmailCodes({ storage, auth })
  const social = createSocialLogins({ storage, providers: auth.providers, redirectUri: `${auth.walletOrigin}/auth/v1/social/callback`, secret: auth.shareKey, limits, now, users })
  /**
   * The stored recovery share: the operator-sealed share (`server`), or the visitor's envelope
   * (`protected`, JSON the server cannot open). The associated data of the seal says which.
   */
  const openRecovery = (userId: string, sealed: Buffer): { kind: 'server' | 'protected'; value: string } => {
    try {
      return { kind: 'server', value: recoveryShares.open(sealed, `${userId}:recovery`) }
    } catch {
      return { kind: 'protected', value: recoveryShares.open(sealed, `${userId}:recovery-protected`) }
    }
  }
  const getWallet = async (userId: string) =>
    (await storage.query<{ eip155: string; solana: string; auth_share: Buffer; recovery_share: Buffer }>('SELECT eip155, solana, auth_share, recovery_share FROM auth_wallets WHERE user_id = ?', [userId]))[0]

  // JSON bodies, and no body at all for the calls that take none (logout, recovery).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined)
    try {
      done(null, JSON.parse(body as string))
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined)
    }
  })

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.host !== auth.walletHost) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}` })
    }
    // Same-origin only: the frame calls these; no other origin may read the answers.
    reply.removeHeader('access-control-allow-origin')
    reply.header('cache-control', 'no-store')
    if (request.method === 'POST' && request.headers.origin !== auth.walletOrigin) {
      return reply.code(403).send({ code: 'ORIGIN_NOT_ALLOWED', message: `Only the wallet origin (${auth.walletOrigin}) may call this` })
    }
  })

  const answerUser = (row: AuthUserRow, provider: string): AuthUser => ({
    id: row.id,
    provider,
    ...(row.email ? { email: row.email } : {}),
    ...(row.handle ? { handle: row.handle } : {}),
    ...(row.name ? { name: row.name } : {}),
  })

  const requireSession = async (request: FastifyRequest): Promise<{ session: AuthSession; user: AuthUserRow }> => {
    const header = request.headers.authorization
    const token = typeof header === 'string' && /^Bearer [A-Za-z0-9_-]{43}$/.test(header) ? header.slice(7) : undefined
    const session = token ? await sessions.find(token) : undefined
    const user = session ? await users.get(session.userId) : undefined
    if (!session || !user) throw new HttpError({ status: 401, code: 'NOT_LOGGED_IN', message: 'Log in first (send the session as Authorization: Bearer <token>)' })
    return { session, user }
  }
  const requireFresh = (session: AuthSession) => {
    if (now() - session.authenticatedAt > limits.freshMs) throw new HttpError({ status: 403, code: 'REAUTH_REQUIRED', message: `This needs a login from the last ${Math.round(limits.freshMs / 60_000)} minutes; log in again` })
  }
  const readProject = (projectId: unknown) => {
    if (typeof projectId !== 'string' || !isProjectId(projectId)) throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
    const checked = checkProject({ config, projectId, origin: undefined })
    if (!checked.ok) throw new HttpError(checked.refusal)
    return { projectId, project: checked.project }
  }
  const login = async (userId: string, provider: string, projectId: string) => {
    const { token } = await sessions.create({ userId, provider, projectId })
    return { token, user: answerUser((await users.get(userId)) as AuthUserRow, provider) }
  }
  /** The site origins that may embed the frame and receive tickets, as CSP sources (`siteOrigins` when set). */
  const siteSources = (projectOrigins: readonly string[]) => (auth.siteOrigins ? frameAncestorSources(auth.siteOrigins, { loopback: false }) : frameAncestorSources(projectOrigins))
  const sendFile = (reply: FastifyReply, type: string, body: string) => reply.header('content-type', type).header('cache-control', 'no-cache').send(body)

  app.get('/auth/v1/frame', { schema: routeSchema({ summary: 'The wallet frame page', tags: ['auth'], querystring: { projectId: sdkQuery.projectId, origin: str(512) }, responses: { 200: media('text/html'), 404: media('text/html') }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request, reply) => {
    const projectId = (request.query as Record<string, unknown>).projectId
    const project = typeof projectId === 'string' && isProjectId(projectId) ? resolveProject(config, projectId) : undefined
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', `${pageCsp}; frame-ancestors 'none'`)
    if (!project) return reply.code(404).send(renderMessagePage('Unknown project', 'This wallet frame was opened for a project this server does not know.'))
    const sources = siteSources(project.allowedOrigins)
    reply.header('content-security-policy', `${pageCsp}; frame-ancestors ${sources}`)
    // The frame checks each connecting window's origin against the same sources the browser enforces.
    const chains = config.chains.map((chain) => ({
      caipNetworkId: chain.caipNetworkId,
      name: chain.name,
      nativeCurrency: { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
      tokens: (chain.tokens ?? []).map((t) => ({ address: t.address, symbol: t.symbol, decimals: t.decimals })),
      // The embedded wallet's smart account, where the chain has a bundler that says which factory.
      ...(config.bundlers?.[chain.caipNetworkId]?.smartAccount ? { smartAccount: config.bundlers[chain.caipNetworkId]!.smartAccount } : {}),
    }))
    return reply.send(renderFramePage({ projectId: projectId as string, allowedOrigins: sources === "'none'" ? [] : sources.split(' '), apiBase: '/auth/v1', rpcBase: '/v1/', chains }))
  })
  app.get('/auth/v1/frame.js', { schema: routeSchema({ summary: 'The wallet frame script', tags: ['auth'], responses: { 200: media('text/javascript') }, errors: [401, 403, 404, 409, 429, 502] }) }, async (_request, reply) => sendFile(reply, 'text/javascript; charset=utf-8', auth.frame.script))
  app.get('/auth/v1/frame.css', { schema: routeSchema({ summary: 'The wallet frame style', tags: ['auth'], responses: { 200: media('text/css') }, errors: [401, 403, 404, 409, 429, 502] }) }, async (_request, reply) => sendFile(reply, 'text/css; charset=utf-8', auth.frame.style))
  app.get('/auth/v1/social/callback.js', { schema: routeSchema({ summary: 'The social-login callback script', tags: ['auth'], responses: { 200: media('text/javascript') }, errors: [401, 403, 404, 409, 429, 502] }) }, async (_request, reply) => sendFile(reply, 'text/javascript; charset=utf-8', socialCallbackScript))

  app.get('/auth/v1/providers', { schema: routeSchema({ summary: 'The login methods a project offers', tags: ['auth'], querystring: { projectId: sdkQuery.projectId }, responses: { 200: { type: 'object', required: ['email', 'socials'], properties: { email: { type: 'boolean' }, socials: { type: 'array' } } } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { project } = readProject((request.query as Record<string, unknown>).projectId)
    const feature = project.features.find((f) => f.id === 'social_login')
    if (feature && !feature.isEnabled) return { email: false, socials: [] }
    const listed = feature?.config ?? null
    const socials = [...auth.providers.values()].filter((p) => listed === null || listed.includes(p.id) || !['google', 'github', 'discord', 'x', 'apple', 'facebook', 'farcaster'].includes(p.id))
    return { email: auth.email !== undefined && (listed === null || listed.includes('email')), socials: socials.map((p) => ({ id: p.id, name: p.name })) }
  })

  app.post('/auth/v1/email/start', { schema: routeSchema({ summary: 'Sends a login code to an email address', tags: ['auth'], body: { type: 'object', required: ['email', 'projectId', 'challenge'], properties: { email: { type: 'string', maxLength: 254 }, projectId: sdkQuery.projectId, challenge: { type: 'string', maxLength: 128 } } }, responses: { 200: { type: 'object' } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { projectId, email, challenge } = readFields(request, ['projectId', 'email', 'challenge'])
    readProject(projectId)
    await starts.hit(request.ip)
    return codes.send({ purpose: 'login', projectId, email, challenge })
  })

  app.post('/auth/v1/email/verify', { schema: routeSchema({ summary: 'Checks a login code and opens a session', tags: ['auth'], body: { type: 'object', required: ['email', 'code', 'verifier'], properties: { email: { type: 'string', maxLength: 254 }, code: { type: 'string', maxLength: 16 }, verifier: { type: 'string', maxLength: 128 }, projectId: sdkQuery.projectId } }, responses: { 200: { type: 'object', required: ['token', 'user'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { attemptId, code, verifier } = readFields(request, ['attemptId', 'code', 'verifier'])
    const { email, projectId } = await codes.verify({ purpose: 'login', attemptId, code, verifier })
    return login((await users.forEmail(email)).id, 'email', projectId)
  })

  app.get('/auth/v1/social/:provider/start', { schema: routeSchema({ summary: 'Starts a social login (redirects to the provider)', tags: ['auth'], params: { provider: str(64) }, querystring: { projectId: sdkQuery.projectId, challenge: str(128), origin: str(512) }, responses: { 302: empty }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const provider = auth.providers.get((request.params as { provider: string }).provider)
    if (!provider) throw new HttpError({ status: 404, code: 'UNKNOWN_PROVIDER', message: `This server has no social provider ${JSON.stringify((request.params as { provider: string }).provider.slice(0, 64))}` })
    if (typeof query.challenge !== 'string' || !challengePattern.test(query.challenge)) throw badRequest(fieldRules.challenge[1])
    const origin = typeof query.origin === 'string' ? query.origin : ''
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin) throw badRequest('origin must be the site\'s origin, e.g. https://shop.example.com')
    const projectId = typeof query.projectId === 'string' && isProjectId(query.projectId) ? query.projectId : undefined
    if (!projectId) throw badRequest(fieldRules.projectId[1])
    const checked = checkProject({ config, projectId, origin })
    if (!checked.ok) throw new HttpError(checked.refusal)
    if (auth.siteOrigins && !isOriginAllowed(origin, siteSources([]).split(' '), { loopback: false })) {
      throw new HttpError({ status: 403, code: 'ORIGIN_NOT_ALLOWED', message: `${origin} may not use this wallet (auth.siteOrigins)` })
    }
    await starts.hit(request.ip)
    return reply.redirect(await social.start({ provider, projectId, challenge: query.challenge, origin }), 302)
  })

  app.get('/auth/v1/social/callback', { schema: routeSchema({ summary: 'The provider\'s redirect back', tags: ['auth'], querystring: { code: str(2048), state: str(512), error: str(256) }, responses: { 200: media('text/html'), 400: media('text/html') }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request, reply) => {
    const result = await social.callback(request.query as Record<string, unknown>)
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', `${pageCsp}; frame-ancestors 'none'`)
      .code('ticket' in result.message ? 200 : 400)
      .send(renderCallbackPage(result))
  })

  app.post('/auth/v1/social/redeem', { schema: routeSchema({ summary: 'Redeems a social-login ticket for a session', tags: ['auth'], body: { type: 'object', required: ['ticket', 'verifier'], properties: { ticket: { type: 'string', maxLength: 256 }, verifier: { type: 'string', maxLength: 128 } } }, responses: { 200: { type: 'object', required: ['token', 'user'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { ticket, verifier } = readFields(request, ['ticket', 'verifier'])
    const { userId, provider, projectId } = await social.redeem({ ticket, verifier })
    return login(userId, provider, projectId)
  })

  app.get('/auth/v1/me', { schema: routeSchema({ summary: 'The signed-in user and wallet', tags: ['auth'], security: [{ session: [] }], responses: { 200: { type: 'object', required: ['user', 'authenticatedAt'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { session, user } = await requireSession(request)
    const wallet = await getWallet(user.id)
    const recovery = wallet ? openRecovery(user.id, wallet.recovery_share).kind : undefined
    return { user: answerUser(user, session.provider), ...(wallet ? { wallet: { eip155: wallet.eip155, solana: wallet.solana, recovery } } : {}), authenticatedAt: session.authenticatedAt }
  })

  app.post('/auth/v1/wallet', { schema: routeSchema({ summary: 'Stores a new wallet\'s shares', tags: ['auth'], security: [{ session: [] }], body: { type: 'object', required: ['eip155', 'solana', 'authShare', 'recoveryShare'], properties: { eip155: { type: 'string', maxLength: 42 }, solana: { type: 'string', maxLength: 44 }, authShare: { type: 'string', maxLength: 4096 }, recoveryShare: { type: 'string', maxLength: 4096 } } }, responses: { 201: { type: 'object', required: ['eip155', 'solana'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request, reply) => {
    const { session, user } = await requireSession(request)
    const body = request.body as Record<string, unknown> | null
    if (typeof body !== 'object' || body === null) throw badRequest('Send { eip155, solana, authShare, recoveryShare }')
    if (!isAddress(body.eip155)) throw badRequest('eip155 must be a 0x-prefixed 20-byte address')
    if (!isSolanaAddress(body.solana)) throw badRequest('solana must be a base58 address')
    if (!isShare(body.authShare) || !isShare(body.recoveryShare)) throw badRequest('authShare and recoveryShare must be encoded shares (16 to 4096 printable characters)')
    if (body.authShare === body.recoveryShare) throw badRequest('authShare and recoveryShare must be different shares')
    requireFresh(session)
    const created = await storage.run('INSERT INTO auth_wallets (user_id, eip155, solana, auth_share, recovery_share, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [
      user.id,
      body.eip155,
      body.solana,
      authShares.seal(body.authShare, `${user.id}:auth`),
      recoveryShares.seal(body.recoveryShare, `${user.id}:recovery`),
      now(),
    ])
    if (created.changes !== 1) throw new HttpError({ status: 409, code: 'WALLET_EXISTS', message: 'This user already has a wallet' })
    return reply.code(201).send({ eip155: body.eip155, solana: body.solana })
  })

  const requireWallet = async (userId: string) => {
    const wallet = await getWallet(userId)
    if (!wallet) throw new HttpError({ status: 404, code: 'NO_WALLET', message: 'This user has no wallet yet' })
    return wallet
  }
  app.get('/auth/v1/wallet/share', { schema: routeSchema({ summary: 'The auth share of the signed-in user\'s wallet', tags: ['auth'], security: [{ session: [] }], responses: { 200: { type: 'object', required: ['authShare'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { user } = await requireSession(request)
    return { authShare: authShares.open((await requireWallet(user.id)).auth_share, `${user.id}:auth`) }
  })

  app.post('/auth/v1/wallet/recovery', { schema: routeSchema({ summary: 'The recovery share, after a fresh login', tags: ['auth'], security: [{ session: [] }], responses: { 200: { type: 'object', required: ['recoveryShare'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { session, user } = await requireSession(request)
    requireFresh(session)
    const recovery = openRecovery(user.id, (await requireWallet(user.id)).recovery_share)
    if (user.email) await codes.notifyNewDevice(user.email)
    // A protected share goes out as the visitor's ciphertext: only their passkey or password opens it.
    return recovery.kind === 'server' ? { recoveryShare: recovery.value } : { protectedRecovery: JSON.parse(recovery.value) as unknown }
  })

  app.post('/auth/v1/wallet/recovery/protect', { schema: routeSchema({ summary: 'Replaces the auth share and the recovery share with the visitor-protected one, after a fresh login', tags: ['auth'], security: [{ session: [] }], body: { type: 'object', required: ['authShare', 'protectedRecovery'], properties: { authShare: { type: 'string', maxLength: 4096 }, protectedRecovery: { type: 'object' } } }, responses: { 200: { type: 'object', required: ['recovery'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { session, user } = await requireSession(request)
    const body = request.body as Record<string, unknown> | null
    if (typeof body !== 'object' || body === null) throw badRequest('Send { authShare, protectedRecovery }')
    if (!isShare(body.authShare)) throw badRequest('authShare must be an encoded share (16 to 4096 printable characters)')
    const envelope = readEnvelope(body.protectedRecovery)
    requireFresh(session)
    await requireWallet(user.id)
    await storage.run('UPDATE auth_wallets SET auth_share = ?, recovery_share = ? WHERE user_id = ?', [
      authShares.seal(body.authShare, `${user.id}:auth`),
      recoveryShares.seal(envelope, `${user.id}:recovery-protected`),
      user.id,
    ])
    return { recovery: 'protected' }
  })

  app.post('/auth/v1/email/change/start', { schema: routeSchema({ summary: 'Sends a code to a new email address', tags: ['auth'], security: [{ session: [] }], body: { type: 'object', required: ['email', 'challenge'], properties: { email: { type: 'string', maxLength: 254 }, challenge: { type: 'string', maxLength: 128 } } }, responses: { 200: { type: 'object' } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { session, user } = await requireSession(request)
    const { email, challenge } = readFields(request, ['email', 'challenge'])
    const owner = await users.byEmail(email)
    if (owner) throw new HttpError({ status: 409, code: 'EMAIL_TAKEN', message: owner.id === user.id ? 'This is already your email' : 'Another account uses this email' })
    await starts.hit(request.ip)
    return codes.send({ purpose: 'change', projectId: session.projectId, email, userId: user.id, challenge })
  })

  app.post('/auth/v1/email/change/verify', { schema: routeSchema({ summary: 'Checks the code and changes the email', tags: ['auth'], security: [{ session: [] }], body: { type: 'object', required: ['email', 'code', 'verifier'], properties: { email: { type: 'string', maxLength: 254 }, code: { type: 'string', maxLength: 16 }, verifier: { type: 'string', maxLength: 128 } } }, responses: { 200: { type: 'object', required: ['user'] } }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request) => {
    const { session, user } = await requireSession(request)
    const { attemptId, code, verifier } = readFields(request, ['attemptId', 'code', 'verifier'])
    const { email } = await codes.verify({ purpose: 'change', attemptId, code, verifier, userId: user.id })
    if (await users.byEmail(email)) throw new HttpError({ status: 409, code: 'EMAIL_TAKEN', message: 'Another account uses this email' })
    await users.changeEmail(user.id, email)
    return { user: answerUser((await users.get(user.id)) as AuthUserRow, session.provider) }
  })

  app.post('/auth/v1/logout', { schema: routeSchema({ summary: 'Ends the session', tags: ['auth'], security: [{ session: [] }], responses: { 204: empty }, errors: [401, 403, 404, 409, 429, 502] }) }, async (request, reply) => {
    const { session } = await requireSession(request)
    await sessions.remove(session.tokenHash)
    return reply.code(204).send()
  })
}
