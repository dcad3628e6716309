import type { BaseError } from '../errors/BaseError.js'
import {
  DuplicatePluginError,
  InvalidNetworkError,
  InvalidOptionError,
  InvalidPluginError,
  InvalidPluginOptionsError,
  NamespaceWithoutPluginError,
  NoNetworksError,
  SiweAndSiwxError,
} from '../errors/options.js'
import type { PorticoOptions } from '../types/options.js'
import { parseCaipNetworkId } from '../utils/parseCaipNetworkId.js'
import { isRestoreHint } from '../utils/isRestoreHint.js'

export type ValidateOptionsErrorType =
  | NoNetworksError
  | InvalidNetworkError
  | NamespaceWithoutPluginError
  | DuplicatePluginError
  | SiweAndSiwxError
  | InvalidPluginError
  | InvalidPluginOptionsError
  | InvalidOptionError

/**
 * Validates `createPortico` options at page start and throws the first problem as a typed error:
 * no networks, a malformed network, a network whose namespace no plugin serves, a malformed
 * plugin, two plugins with one name, and both `siweConfig` and `siwx`. Each plugin's `meta` and
 * its options against `meta.optionsSchema` are checked when the kernel loads (`validatePlugins`):
 * a plugin may keep its meta, docs text and all, out of the page's first bytes; so are the
 * incumbent's options Portico does not have (`refuseUnsupportedOptions`).
 *
 * @example
 * validateOptions({ networks: [], plugins: [] }) // throws NoNetworksError
 */
export function validateOptions(options: PorticoOptions): void {
  if (!options || typeof options !== 'object') throw new InvalidOptionError({ option: 'options', reason: 'must be an object' })
  if (options.siweConfig !== undefined && options.siwx !== undefined) throw new SiweAndSiwxError()

  if (!Array.isArray(options.plugins)) throw new InvalidOptionError({ option: 'plugins', reason: 'must be an array of plugins' })
  const names = new Set<string>()
  options.plugins.forEach((plugin, index) => {
    if (!plugin || typeof plugin !== 'object') throw new InvalidPluginError({ index, reason: 'not an object (did you call the factory, e.g. myPlugin()?)' })
    if (typeof plugin.name !== 'string' || !/^[a-z][a-z0-9-]{0,63}$/.test(plugin.name)) {
      throw new InvalidPluginError({ index, reason: 'name must be lower-case letters, digits and hyphens' })
    }
    if (typeof plugin.setup !== 'function') throw new InvalidPluginError({ index, reason: `"${plugin.name}" has no setup function` })
    if (plugin.load !== undefined && typeof plugin.load !== 'function') throw new InvalidPluginError({ index, reason: `"${plugin.name}" has a load that is not a function` })
    if (plugin.kind === 'chain' && typeof plugin.namespace !== 'string') {
      throw new InvalidPluginError({ index, reason: `chain plugin "${plugin.name}" has no namespace` })
    }
    if (names.has(plugin.name)) throw new DuplicatePluginError({ name: plugin.name })
    names.add(plugin.name)
  })

  if (!Array.isArray(options.networks) || options.networks.length === 0) throw new NoNetworksError()
  const served = new Set(options.plugins.filter((p) => typeof p.namespace === 'string').map((p) => p.namespace as string))
  const seen = new Set<string>()
  options.networks.forEach((network, index) => {
    if (!network || typeof network !== 'object') throw new InvalidNetworkError({ index, reason: 'not an object' })
    let parsed: ReturnType<typeof parseCaipNetworkId>
    try {
      parsed = parseCaipNetworkId(network.caipNetworkId)
    } catch (cause) {
      throw new InvalidNetworkError({ index, reason: 'caipNetworkId is not a CAIP-2 id', cause })
    }
    if (network.chainNamespace !== parsed.namespace) {
      throw new InvalidNetworkError({ index, reason: `chainNamespace "${String(network.chainNamespace)}" does not match "${parsed.caipNetworkId}"` })
    }
    if (typeof network.name !== 'string' || network.name.trim() === '') throw new InvalidNetworkError({ index, reason: 'name is required' })
    const currency = network.nativeCurrency
    if (!currency || typeof currency.symbol !== 'string' || !Number.isInteger(currency.decimals) || currency.decimals < 0 || currency.decimals > 255) {
      throw new InvalidNetworkError({ index, reason: 'nativeCurrency needs a symbol and integer decimals' })
    }
    if (!network.rpcUrls?.default || !Array.isArray(network.rpcUrls.default.http)) {
      throw new InvalidNetworkError({ index, reason: 'rpcUrls.default.http must be an array' })
    }
    if (seen.has(parsed.caipNetworkId)) throw new InvalidNetworkError({ index, reason: `${parsed.caipNetworkId} is listed twice` })
    seen.add(parsed.caipNetworkId)
    if (!served.has(parsed.namespace)) throw new NamespaceWithoutPluginError({ namespace: parsed.namespace, network: network.name })
  })

  if (options.defaultNetwork && !seen.has(options.defaultNetwork.caipNetworkId)) {
    throw new InvalidOptionError({ option: 'defaultNetwork', reason: 'must be one of `networks`' })
  }
  if (options.projectId !== undefined && (typeof options.projectId !== 'string' || options.projectId.length > 256)) {
    throw new InvalidOptionError({ option: 'projectId', reason: 'must be a string' })
  }
  if (options.locale !== undefined && !isLocaleTag(options.locale)) {
    throw new InvalidOptionError({ option: 'locale', reason: 'must be a language tag such as "ar", "pt-BR" or "zh-Hant"' })
  }
  for (const key of ['api', 'blockchainApi', 'analytics', 'relay'] as const) {
    const value = options.endpoints?.[key]
    if (value === undefined) continue
    let url: URL
    try {
      url = new URL(value)
    } catch {
      throw new InvalidOptionError({ option: `endpoints.${key}`, reason: 'must be an absolute URL' })
    }
    const allowed = key === 'relay' ? ['ws:', 'wss:'] : ['http:', 'https:']
    if (!allowed.includes(url.protocol)) throw new InvalidOptionError({ option: `endpoints.${key}`, reason: `must use ${allowed.join(' or ')}` })
  }
  validateRestoreOptions(options)
}

function validateRestoreOptions({ restoreCookie, restoreHint }: PorticoOptions): void {
  if (restoreCookie !== undefined && typeof restoreCookie !== 'boolean') {
    if (typeof restoreCookie !== 'object' || restoreCookie === null || Array.isArray(restoreCookie)) {
      throw new InvalidOptionError({ option: 'restoreCookie', reason: 'must be true, false or { maxAge?, jar?, account? }' })
    }
    const { maxAge, jar, account } = restoreCookie
    if (maxAge !== undefined && (!Number.isSafeInteger(maxAge) || maxAge < 60 || maxAge > 400 * 24 * 60 * 60)) {
      throw new InvalidOptionError({ option: 'restoreCookie.maxAge', reason: 'must be whole seconds from 60 to 400 days' })
    }
    if (jar !== undefined && (typeof jar !== 'object' || jar === null)) throw new InvalidOptionError({ option: 'restoreCookie.jar', reason: 'must be an object with a writable `cookie` (like document)' })
    if (account !== undefined && typeof account !== 'boolean') throw new InvalidOptionError({ option: 'restoreCookie.account', reason: 'must be true or false' })
  }
  if (restoreHint !== undefined && !isRestoreHint(restoreHint)) {
    throw new InvalidOptionError({ option: 'restoreHint', reason: 'must be what readRestoreHint returns: { connections: { [namespace]: { connectorId, caipAddress? } } }' })
  }
}

/** A well-formed BCP 47 language tag of at most 35 characters (`Intl.getCanonicalLocales` accepts it). */
function isLocaleTag(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 35) return false
  try {
    return Intl.getCanonicalLocales(value).length === 1
  } catch {
    return false
  }
}

/** Type guard used by tests and the docs: every error `validateOptions` may throw. */
export function isOptionsError(error: unknown): error is BaseError {
  return (
    error instanceof NoNetworksError ||
    error instanceof InvalidNetworkError ||
    error instanceof NamespaceWithoutPluginError ||
    error instanceof DuplicatePluginError ||
    error instanceof SiweAndSiwxError ||
    error instanceof InvalidPluginError ||
    error instanceof InvalidPluginOptionsError ||
    error instanceof InvalidOptionError
  )
}
