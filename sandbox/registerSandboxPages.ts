import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { SandboxAssets } from './build/buildSandboxAssets.js'
import type { SandboxChainInfo } from './chains/SandboxChain.js'
import { registerExplorerRoutes } from './explorer/registerExplorerRoutes.js'
import { allowFramedBy, allowFraming, safeHostPath } from './safe/safeHostCsp.js'
import { registerSiwxRoutes } from './siwx/registerSiwxRoutes.js'

/** What `/sandbox.json` tells the demo page, tests and later tooling about this sandbox. */
export type SandboxInfo = {
  url: string
  projectId: string
  relayUrl: string
  /** Every sandbox chain: namespace, CAIP-2 id, name, proxy and node URLs, currency, tokens, NFTs, dev accounts. */
  chains: SandboxChainInfo[]
  /** The EVM dev accounts (index 0 is the dev wallets' account). */
  accounts: readonly string[]
  /** The funded Solana dev account, when the Solana RPC is running. */
  solanaAccount?: string
  /** The emulated Ledger's funded Ledger Live accounts (sandbox/ledgerDevice): `m/44'/60'/i'/0/0`, `m/44'/501'/i'`, `m/44'/784'/i'/0'/0'`, `m/44'/5757'/0'/0/i`, `m/84'/1'/i'/0/0` and `m/44'/118'/0'/0/i`, i = 0…4. */
  ledgerAccounts?: { eip155: readonly string[]; solana: readonly string[]; sui?: readonly string[]; stacks?: readonly string[]; bip122?: readonly string[]; cosmos?: readonly string[] }
  /** The embedded wallet: its wallet origin (PORT+11) and the identity provider (PORT+10). */
  auth?: { walletOrigin: string; identity: string }
}

/**
 * The Content-Security-Policy of the sandbox's pages: scripts and styles only from the sandbox
 * origin, no inline code, no eval. The demo site and the wallet page are proof that they (and the
 * dev wallet script they load) run under it.
 */
/** What the sandbox's developer routes can do once the server runs (set after it starts). */
export type SandboxControls = { restartRelay?: () => Promise<void> }

export const sandboxPageCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

/**
 * Mounts the sandbox's pages on the Portico server (pass it as `extend`): the demo site at `/`,
 * the WalletConnect wallet page at `/wallet`, the dev wallet scripts at `/dev-wallet.js` (EIP-6963)
 * `/solana-dev-wallet.js` and `/sui-dev-wallet.js` (Wallet Standard) and `/bitcoin-dev-wallet.js` (WBIP004),
 * `/cosmos-dev-wallet.js` (Keplr-compatible; the demo injects it late), `/polkadot-dev-wallet.js` (`window.injectedWeb3`), their bundles and CSS, `/sandbox.json`, and
 * `/cosmos-dev-wallet.js` (Keplr-compatible; the demo injects it late), `/stacks-dev-wallet.js` (SIP-030, in `wbip_providers`), their bundles and CSS, `/sandbox.json`, and
 * sign-in with X under `/siwx` (sandbox/siwx).
 *
 * Also a minimal block explorer under `/sandbox/explorer` (sandbox/explorer).
 *
 * @param assets the built assets (from `buildSandboxAssets`)
 * @param info what `/sandbox.json` answers
 * @returns a function that registers the routes on a Fastify instance
 * @example
 * await createServer({ ...config, extend: registerSandboxPages(assets, info) })
 */
export function registerSandboxPages(assets: SandboxAssets, info: SandboxInfo, controls: SandboxControls = {}): (app: FastifyInstance) => void {
  const infoJson = JSON.stringify(info)
  // The demo embeds the wallet frame of portico/auth from the wallet origin; nothing else may be framed.
  const pageCsp = info.auth ? `${sandboxPageCsp}; frame-src ${info.auth.walletOrigin}` : sandboxPageCsp
  // The Safe host page frames the demo from http://localhost:<PORT>, or a developer's own Safe App
  // on any loopback origin (`?app=`); the demo with ?safeApp=1 lets only the host frame it.
  const hostOrigin = new URL(info.url).origin
  const safeHostCsp = allowFraming(pageCsp, 'http://127.0.0.1:* http://localhost:* http://[::1]:*')
  const safeAppCsp = allowFramedBy(pageCsp, hostOrigin)
  const siwxRoutes = registerSiwxRoutes({ url: info.url, chains: info.chains })
  const explorerRoutes = registerExplorerRoutes(info.chains)
  return (app) => {
    siwxRoutes(app)
    explorerRoutes(app)
    for (const [path, built] of assets) {
      const asset = path === '/' && info.auth ? { ...built, body: withWalletOrigin(built.body, info.auth.walletOrigin) } : built
      // Built once per start: a browser revalidates each load (no-cache) and, while this sandbox
      // runs, gets 304 and keeps its copy and V8's compiled code of the megabyte of dev wallets.
      const etag = `"${createHash('sha256').update(asset.body).digest('base64url').slice(0, 27)}"`
      app.get(path, async (request, reply) => {
        reply.header('content-type', asset.contentType)
        reply.header('cache-control', 'no-cache')
        reply.header('etag', etag)
        reply.header('x-content-type-options', 'nosniff')
        if (asset.contentType.startsWith('text/html')) {
          const safeApp = path === '/' && (request.query as { safeApp?: unknown }).safeApp === '1'
          reply.header('content-security-policy', path === safeHostPath ? safeHostCsp : safeApp ? safeAppCsp : pageCsp)
          reply.header('referrer-policy', 'no-referrer')
        }
        if (request.headers['if-none-match'] === etag) return reply.code(304).send()
        return reply.send(asset.body)
      })
    }
    // A developer tool: restart the relay mid-session (as a deploy would) to see clients recover.
    // Loopback only, like everything in the sandbox, and never from another site: a page elsewhere
    // could otherwise post here from the developer's browser (a "simple" POST needs no preflight).
    const ownOrigin = new URL(info.url).origin
    app.post('/sandbox/restart-relay', async (request, reply) => {
      if (!/^(127\.|::1$|::ffff:127\.)/.test(request.ip)) return reply.code(403).send({ code: 'FORBIDDEN', message: 'Loopback only' })
      const origin = request.headers.origin
      const fetchSite = request.headers['sec-fetch-site']
      if ((origin !== undefined && origin !== ownOrigin) || (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none')) {
        return reply.code(403).send({ code: 'FORBIDDEN', message: 'Cross-site requests may not restart the relay' })
      }
      if (!controls.restartRelay) return reply.code(404).send({ code: 'NOT_FOUND', message: 'The relay is off' })
      await controls.restartRelay()
      return reply.send({ restarted: true })
    })
    app.get('/sandbox.json', async (_request, reply) => {
      reply.header('content-type', 'application/json; charset=utf-8')
      reply.header('cache-control', 'no-store')
      return reply.send(infoJson)
    })
  }
}

/**
 * The demo page with the embedded wallet's origin in a `<meta name="portico-wallet-origin">`, so the
 * page's `auth({ walletOrigin })` follows the sandbox (`PORTICO_SANDBOX_WALLET_HOST=localhost` serves
 * the wallet on localhost, where WebAuthn allows passkeys) without a request before it starts.
 */
function withWalletOrigin(body: string, walletOrigin: string): string {
  const origin = new URL(walletOrigin).origin
  const meta = `<meta name="portico-wallet-origin" content="${origin.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}" />`
  return body.includes('</head>') ? body.replace('</head>', `  ${meta}\n  </head>`) : `${meta}${body}`
}
