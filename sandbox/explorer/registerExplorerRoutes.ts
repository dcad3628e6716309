import type { FastifyInstance } from 'fastify'
import type { SandboxChainInfo } from '../chains/SandboxChain.js'

/** What the sandbox explorer shows a page for, by the path a chain plugin builds. */
const kinds: Record<string, string> = { tx: 'Transaction', txid: 'Transaction', address: 'Address', account: 'Account', extrinsic: 'Extrinsic' }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The sandbox's block explorer, so that the modal's explorer links resolve on 127.0.0.1: the demo
 * site configures `${url}/sandbox/explorer/${caipNetworkId}` as each sandbox chain's explorer, and
 * `/sandbox/explorer/:chain/tx/:hash` (also `txid/` as Stacks explorers name it, `address/`, `account/`) answers a minimal page naming
 * the chain and the transaction or address. An unknown chain, kind or a malformed id is a 404.
 *
 * @example
 * registerExplorerRoutes(info.chains)(app) // GET /sandbox/explorer/eip155:31337/tx/0xabc… → a page
 */
export function registerExplorerRoutes(chains: readonly SandboxChainInfo[]): (app: FastifyInstance) => void {
  return (app) => {
    app.get<{ Params: { chain: string; kind: string; id: string } }>('/sandbox/explorer/:chain/:kind/:id', async (request, reply) => {
      const { chain: caipNetworkId, kind, id } = request.params
      const chain = chains.find((c) => c.caipNetworkId === caipNetworkId)
      const label = Object.hasOwn(kinds, kind) ? kinds[kind] : undefined
      if (!chain || !label || !/^[0-9A-Za-z]{1,128}$/.test(id)) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such chain, page kind or id in the sandbox explorer' })
      }
      const title = `${label} ${id} · ${chain.name}`
      reply.header('content-type', 'text/html; charset=utf-8')
      reply.header('cache-control', 'no-store')
      reply.header('content-security-policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'")
      return reply.send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
          `<body><main><h1>${escapeHtml(label)}</h1><p>Chain: ${escapeHtml(chain.name)} (${escapeHtml(chain.caipNetworkId)})</p>` +
          `<p><code>${escapeHtml(id)}</code></p><p>The Portico sandbox explorer: look the ${escapeHtml(label.toLowerCase())} up on the chain's node (${escapeHtml(chain.nodeUrl)}).</p></main></body></html>`,
      )
    })
  }
}
