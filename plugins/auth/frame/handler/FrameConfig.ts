import { getAddress, isAddress } from 'viem'
import { invalidParams } from '../errors.js'
import type { FrameChain } from '../approval/FrameChain.js'
import { isRecord } from '../utils/isRecord.js'

/** The frame page's configuration (`<script type="application/json" id="portico-frame-config">`). */
export type FrameConfig = {
  projectId: string
  /** Origin patterns allowed to connect (CSP-style: exact, `:*` ports, `*.` subdomains). */
  allowedOrigins: string[]
  /** The auth service's base path on the wallet origin (`/auth/v1`). */
  apiBase: string
  /** The RPC proxy's base path on the wallet origin (`/v1/`). */
  rpcBase: string
  /** The chains the server serves (name, native currency, known tokens): the approval screen names networks and tokens from these. */
  chains?: FrameChain[]
}

function readChains(value: unknown): FrameChain[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw invalidParams('chains must be an array')
  return value.flatMap((chain): FrameChain[] => {
    if (!isRecord(chain) || typeof chain.caipNetworkId !== 'string' || typeof chain.name !== 'string' || !isRecord(chain.nativeCurrency)) return []
    const { symbol, decimals } = chain.nativeCurrency
    if (typeof symbol !== 'string' || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) return []
    const tokens = Array.isArray(chain.tokens)
      ? chain.tokens.flatMap((t) => (isRecord(t) && typeof t.address === 'string' && typeof t.symbol === 'string' && typeof t.decimals === 'number' && Number.isInteger(t.decimals) && t.decimals >= 0 && t.decimals <= 36 ? [{ address: t.address, symbol: t.symbol, decimals: t.decimals }] : []))
      : []
    const sa = isRecord(chain.smartAccount) ? chain.smartAccount : undefined
    const smartAccount = sa && typeof sa.factory === 'string' && isAddress(sa.factory, { strict: false }) && typeof sa.entryPoint === 'string' && isAddress(sa.entryPoint, { strict: false }) ? { smartAccount: { factory: getAddress(sa.factory), entryPoint: getAddress(sa.entryPoint) } } : {}
    return [{ caipNetworkId: chain.caipNetworkId, name: chain.name.slice(0, 64), nativeCurrency: { symbol: symbol.slice(0, 16), decimals }, tokens, ...smartAccount }]
  })
}

/**
 * Reads and checks the frame's configuration; throws INVALID_PARAMS naming the bad field.
 *
 * @example
 * readFrameConfig(JSON.parse(document.getElementById('portico-frame-config')!.textContent!))
 */
export function readFrameConfig(value: unknown): FrameConfig {
  if (!isRecord(value)) throw invalidParams('The frame configuration must be an object')
  const { projectId, allowedOrigins, apiBase = '/auth/v1', rpcBase = '/v1/' } = value
  if (typeof projectId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(projectId)) throw invalidParams('The frame configuration needs a projectId')
  if (!Array.isArray(allowedOrigins) || !allowedOrigins.every((o) => typeof o === 'string')) throw invalidParams('The frame configuration needs allowedOrigins: string[]')
  if (typeof apiBase !== 'string' || !apiBase.startsWith('/')) throw invalidParams('apiBase must be a path on the wallet origin')
  if (typeof rpcBase !== 'string' || !rpcBase.startsWith('/')) throw invalidParams('rpcBase must be a path on the wallet origin')
  return { projectId, allowedOrigins: [...allowedOrigins], apiBase, rpcBase, chains: readChains(value.chains) }
}
