import type { FastifyInstance, FastifyRequest } from 'fastify'

import { parseCaipAddress } from '../../kernel/utils/parseCaipAddress.js'
import { parseDecimalUnits } from '../../kernel/utils/parseDecimalUnits.js'
import type { SandboxChain } from '../chains/SandboxChain.js'
import { SandboxFaucetError } from '../errors.js'

export type RegisterFaucetRouteParameters = {
  /** The running sandbox chains, by CAIP-2 id. */
  chains: ReadonlyMap<string, Pick<SandboxChain, 'fund' | 'fundToken'> & { info: { nativeCurrency: { symbol: string; decimals: number } } }>
  /** The origins a page may call the faucet from (the sandbox's own). */
  allowedOrigins: readonly string[]
}

const fail = (status: number, code: string, message: string) => ({ status, body: { code, message } })

/**
 * Why a request must be refused as cross-site, or undefined. Browsers send `Sec-Fetch-Site` and
 * `Origin` on every cross-site POST; a page of the sandbox's own origin, or a tool such as curl
 * that sends neither, may use the faucet.
 */
function crossSiteReason(request: FastifyRequest, allowedOrigins: readonly string[]): string | undefined {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site: ${String(site)}`
  const origin = request.headers.origin
  if (origin !== undefined && !allowedOrigins.includes(origin)) return `Origin: ${origin}`
  return undefined
}

/**
 * Mounts `POST /sandbox/faucet`: JSON `{ caipAddress: "<namespace>:<reference>:<address>", amount:
 * "<decimal, native units>" }` credits the address on that sandbox chain with a real transaction
 * and answers `{ txid }` once the funds are spendable. With `token` (an EVM devnet's pUSD address),
 * `amount` is in the token's base units (`"2500000"` is 2.5 pUSD) and the faucet pays the token. A malformed CAIP-10 address, a chain the
 * sandbox does not run, a bad amount or an address the chain refuses answers 400
 * `{ code: 'SANDBOX_FAUCET_INVALID', message }`; a cross-site request 403.
 *
 * @param app the Fastify instance
 * @param parameters the chains and the allowed origins
 * @example
 * registerFaucetRoute(app, { chains, allowedOrigins: ['http://127.0.0.1:4700'] })
 */
export function registerFaucetRoute(app: FastifyInstance, { chains, allowedOrigins }: RegisterFaucetRouteParameters): void {
  const served = () => [...chains.keys()].join(', ')
  app.post('/sandbox/faucet', async (request, reply) => {
    const answer = async () => {
      const crossSite = crossSiteReason(request, allowedOrigins)
      if (crossSite) return fail(403, 'CROSS_SITE_REQUEST', `The faucet only answers the sandbox's own pages (${crossSite})`)
      const body = request.body as { caipAddress?: unknown; amount?: unknown; token?: unknown } | null
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(400, 'SANDBOX_FAUCET_INVALID', 'Send a JSON object { caipAddress, amount }')
      const { caipAddress, amount } = body
      let parsed: ReturnType<typeof parseCaipAddress>
      try {
        parsed = parseCaipAddress(caipAddress as string)
      } catch {
        return fail(400, 'SANDBOX_FAUCET_INVALID', 'caipAddress must be a CAIP-10 account id "<namespace>:<reference>:<address>", e.g. eip155:31337:0xf39F…2266')
      }
      const chain = chains.get(parsed.caipNetworkId)
      if (!chain) return fail(400, 'SANDBOX_FAUCET_INVALID', `${parsed.caipNetworkId} is not a sandbox chain; the sandbox runs ${served()}`)
      if (body.token !== undefined) {
        if (!chain.fundToken) return fail(400, 'SANDBOX_FAUCET_INVALID', `The ${parsed.caipNetworkId} faucet pays only its native currency; leave token out`)
        if (typeof body.token !== 'string' || body.token.length > 100) return fail(400, 'SANDBOX_FAUCET_INVALID', 'token must be the token contract address (a string)')
        if (typeof amount !== 'string' || !/^[0-9]{1,40}$/.test(amount) || BigInt(amount) === 0n) {
          return fail(400, 'SANDBOX_FAUCET_INVALID', 'With token, amount must be a positive whole number of base units as a string, e.g. "1000000" for 1 pUSD')
        }
        try {
          const { txid } = await chain.fundToken(parsed.address, body.token, BigInt(amount))
          return { status: 200, body: { txid } }
        } catch (error) {
          if (error instanceof SandboxFaucetError) return fail(400, error.code, error.shortMessage)
          request.log.error(error)
          return fail(502, 'SANDBOX_FAUCET_FAILED', `The ${parsed.caipNetworkId} faucet payment failed: ${(error as Error).message.split('\n')[0]?.slice(0, 200)}`)
        }
      }
      const { symbol, decimals } = chain.info.nativeCurrency
      const units = typeof amount === 'string' && amount.length <= 100 ? parseDecimalUnits(amount, decimals) : undefined
      if (units === undefined || units === 0n) {
        return fail(400, 'SANDBOX_FAUCET_INVALID', `amount must be a positive decimal string in ${symbol} with at most ${decimals} decimals, e.g. "1.5"`)
      }
      try {
        const { txid } = await chain.fund(parsed.address, units)
        return { status: 200, body: { txid } }
      } catch (error) {
        if (error instanceof SandboxFaucetError) return fail(400, error.code, error.shortMessage)
        request.log.error(error)
        return fail(502, 'SANDBOX_FAUCET_FAILED', `The ${parsed.caipNetworkId} faucet payment failed: ${(error as Error).message.split('\n')[0]?.slice(0, 200)}`)
      }
    }
    const { status, body } = await answer()
    reply.header('cache-control', 'no-store')
    return reply.code(status).send(body)
  })
}
