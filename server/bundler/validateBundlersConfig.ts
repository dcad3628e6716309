import { isCaipNetworkId } from '../../kernel/utils/isCaipNetworkId.js'
import type { BundlerConfig } from '../createServer.js'

/**
 * Checks `ServerConfig.bundlers` at start: CAIP-2 keys, an http(s) `url` each, a `name` of
 * letters, digits, `_` or `-`, and a `timeoutMs` from 1 s to 2 min. Throws with the first problem found.
 *
 * @param bundlers the configuration's `bundlers`
 * @example
 * validateBundlersConfig({ 'eip155:31337': { url: 'http://127.0.0.1:4712' } })
 */
export function validateBundlersConfig(bundlers: unknown): void {
  if (bundlers === undefined) return
  if (typeof bundlers !== 'object' || bundlers === null || Array.isArray(bundlers)) throw new Error('createServer: bundlers must be an object { "<CAIP-2>": { url, name? } }')
  for (const [chainId, value] of Object.entries(bundlers as Record<string, unknown>)) {
    if (!isCaipNetworkId(chainId)) throw new Error(`createServer: bundlers key ${chainId.slice(0, 64)} is not a CAIP-2 chain id`)
    const bundler = value as Partial<BundlerConfig> | null
    if (typeof bundler !== 'object' || bundler === null) throw new Error(`createServer: bundlers["${chainId}"] must be { url, name? }`)
    let url: URL | undefined
    try {
      url = typeof bundler.url === 'string' ? new URL(bundler.url) : undefined
    } catch {
      url = undefined
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`createServer: bundlers["${chainId}"].url must be an http(s) URL`)
    if (bundler.name !== undefined && (typeof bundler.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(bundler.name))) {
      throw new Error(`createServer: bundlers["${chainId}"].name must be 1-64 letters, digits, "_" or "-"`)
    }
    if (bundler.timeoutMs !== undefined && (!Number.isInteger(bundler.timeoutMs) || bundler.timeoutMs < 1_000 || bundler.timeoutMs > 120_000)) {
      throw new Error(`createServer: bundlers["${chainId}"].timeoutMs must be a whole number of ms from 1000 to 120000`)
    }
    const smart = bundler.smartAccount as { factory?: unknown; entryPoint?: unknown } | undefined | null
    const isAddress = (value: unknown) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
    if (smart !== undefined && (typeof smart !== 'object' || smart === null || !isAddress(smart.factory) || !isAddress(smart.entryPoint))) {
      throw new Error(`createServer: bundlers["${chainId}"].smartAccount must be { factory, entryPoint } (two 0x addresses)`)
    }
  }
}
