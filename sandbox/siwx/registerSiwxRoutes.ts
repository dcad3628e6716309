import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { bip122Verifier } from '../../plugins/bip122/server/index.js'
import { cosmosVerifier } from '../../plugins/cosmos/server/index.js'
import { polkadotVerifier } from '../../plugins/polkadot/server/index.js'
import { solanaVerifier } from '../../plugins/solana/server/index.js'
import { createSiwxServer, SiwxVerificationError, type SiwxServer, type SiwxServerSession } from '../../plugins/siwx/server/index.js'
import { stacksVerifier } from '../../plugins/stacks/server/index.js'
import { suiVerifier } from '../../plugins/sui/server/index.js'

export type RegisterSiwxRoutesParameters = {
  /** The site's URL (the demo page's origin), e.g. `http://127.0.0.1:4700`. */
  url: string
  /** The chains sign-in is accepted on: EVM (their node checks contract-wallet signatures), Solana, Bitcoin, Sui, Cosmos and Polkadot. */
  chains: readonly { caipNetworkId: string; nodeUrl: string }[]
  /** Where the routes go (default `/siwx`). */
  prefix?: string
  /** A ready-made helper (tests pass one with their own clock). */
  server?: SiwxServer
}

/** The cookie that carries this browser's session ids (HttpOnly: page scripts never see them). */
export const siwxCookie = 'portico_siwx'
const maxSessionsPerBrowser = 10
const idPattern = /^[A-Za-z0-9_-]{43}$/

function readIds(request: FastifyRequest): string[] {
  const header = request.headers.cookie
  if (typeof header !== 'string') return []
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === siwxCookie) return rest.join('=').split('.').filter((id) => idPattern.test(id)).slice(0, maxSessionsPerBrowser)
  }
  return []
}

function writeIds(reply: FastifyReply, prefix: string, ids: string[]): void {
  const base = `${siwxCookie}=${ids.join('.')}; Path=${prefix}; HttpOnly; SameSite=Strict`
  reply.header('set-cookie', ids.length ? `${base}; Max-Age=86400` : `${base}; Max-Age=0`)
}

/** What the browser gets back: the session as the client plugin stores it (no server internals). */
function toClient(session: SiwxServerSession) {
  return { id: session.id, data: session.data, message: session.message, signature: session.signature, expiresAt: session.expiresAt }
}

function query(request: FastifyRequest): { chainId?: string; address?: string } {
  const q = (request.query ?? {}) as Record<string, unknown>
  return {
    ...(typeof q.chainId === 'string' ? { chainId: q.chainId } : {}),
    ...(typeof q.address === 'string' ? { address: q.address } : {}),
  }
}

/**
 * Mounts sign-in with X on the sandbox's server with `portico/siwx/server`, as a site's backend
 * would: `GET /siwx/nonce`, `POST /siwx/verify` (sets an HttpOnly cookie), `GET /siwx/sessions`
 * (the session check; `?chainId=&address=` to narrow) and `DELETE /siwx/sessions` (sign out).
 * The demo page plugs it in with `createSiwxServerStore({ baseUrl: '/siwx' })`.
 *
 * @returns a function that registers the routes on a Fastify instance
 * @example
 * registerSiwxRoutes({ url: info.url, chains: info.chains })(app)
 */
export function registerSiwxRoutes({ url, chains, prefix = '/siwx', server }: RegisterSiwxRoutesParameters): (app: FastifyInstance) => void {
  const origin = new URL(url)
  const accepted = chains.filter((c) => ['eip155:', 'solana:', 'bip122:', 'sui:', 'cosmos:', 'polkadot:', 'stacks:'].some((prefix) => c.caipNetworkId.startsWith(prefix)))
  // Nothing to sign in on: mount nothing.
  if (!server && accepted.length === 0) return () => {}
  const siwx =
    server ??
    createSiwxServer({
      // The demo is reachable as 127.0.0.1:<port> and localhost:<port>.
      domain: [origin.host, `localhost:${origin.port}`],
      chains: Object.fromEntries(accepted.map((c) => [c.caipNetworkId, { rpcUrl: c.nodeUrl }])),
      // Each chain's verifier from its Node entry (portico/<chain>/server), as a site's backend
      // takes them: Solana ed25519, Bitcoin BIP-322 / BIP-137, Sui personal messages, Cosmos ADR-36, Polkadot
      // signRaw and Stacks recoverable secp256k1 over the Stacks message hash (all @noble, not the
      // wallet's library).
      verifiers: { solana: solanaVerifier, bip122: bip122Verifier, sui: suiVerifier, cosmos: cosmosVerifier, polkadot: polkadotVerifier, stacks: stacksVerifier },
    })

  async function live(ids: string[]): Promise<SiwxServerSession[]> {
    const sessions = await Promise.all(ids.map((id) => siwx.getSession(id)))
    return sessions.filter((s): s is SiwxServerSession => s !== undefined)
  }

  return (app) => {
    app.get(`${prefix}/nonce`, async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { nonce: await siwx.issueNonce() }
    })

    app.post(`${prefix}/verify`, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const body = request.body as { message?: unknown; signature?: unknown } | undefined
      if (!body || typeof body.message !== 'string' || typeof body.signature !== 'string') {
        return reply.code(400).send({ error: { code: 'INVALID_PARAMS', message: 'Send JSON { "message": string, "signature": string }' } })
      }
      try {
        const session = await siwx.verify({ message: body.message, signature: body.signature })
        const kept = (await live(readIds(request))).map((s) => s.id)
        writeIds(reply, prefix, [...kept, session.id].slice(-maxSessionsPerBrowser))
        return { session: toClient(session) }
      } catch (error) {
        if (error instanceof SiwxVerificationError) return reply.code(401).send({ error: { code: error.reason, message: error.shortMessage } })
        throw error
      }
    })

    app.get(`${prefix}/sessions`, async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { chainId, address } = query(request)
      const sessions = (await live(readIds(request))).filter((s) => (!chainId || s.caipNetworkId === chainId) && (!address || s.address === address))
      return { signedIn: sessions.length > 0, sessions: sessions.map(toClient) }
    })

    app.delete(`${prefix}/sessions`, async (request, reply) => {
      const { chainId, address } = query(request)
      const sessions = await live(readIds(request))
      const ending = sessions.filter((s) => (!chainId || s.caipNetworkId === chainId) && (!address || s.address === address))
      await Promise.all(ending.map((s) => siwx.revoke(s.id)))
      writeIds(reply, prefix, sessions.filter((s) => !ending.includes(s)).map((s) => s.id))
      return reply.code(204).send()
    })
  }
}
