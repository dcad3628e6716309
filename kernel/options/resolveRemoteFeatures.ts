import type { Features, RemoteFeatures, SocialProvider } from './defaults.js'
import { defaultRemoteFeatures, defaultSocials } from './defaults.js'

/** One entry of `GET /appkit/v1/config`. */
export type RemoteFeatureEntry = { id: string; isEnabled: boolean; config: readonly string[] | null }

export type ResolveRemoteFeaturesParameters = {
  local: Partial<Features>
  /** The fetched `features` list, or `undefined` when the fetch failed (offline). */
  remote: readonly RemoteFeatureEntry[] | undefined
}
export type ResolveRemoteFeaturesReturnType = { features: RemoteFeatures; warnings: string[] }

type Key = keyof RemoteFeatures
const remoteIds: Record<string, Key[]> = {
  social_login: ['email', 'socials'],
  swap: ['swaps'],
  onramp: ['onramp'],
  activity: ['activity'],
  multi_wallet: ['multiWallet'],
  email_capture: ['emailCapture'],
}
const localKey: Partial<Record<Key, keyof Features>> = {
  swaps: 'swaps',
  onramp: 'onramp',
  email: 'email',
  socials: 'socials',
  activity: 'history',
  multiWallet: 'multiWallet',
  emailCapture: 'emailCapture',
}
const listKeys = new Set<Key>(['swaps', 'onramp', 'socials'])

/** The local value of a remote feature, or the default (a `true` list feature means the default list). */
function localOrDefault(key: Key, local: Partial<Features>): RemoteFeatures[Key] {
  const name = localKey[key]
  const value = name ? local[name] : undefined
  if (value === undefined) return defaultRemoteFeatures[key]
  if (listKeys.has(key)) {
    if (value === true) return defaultRemoteFeatures[key]
    if (value === false) return false
    if (Array.isArray(value)) return value.length ? [...value] : false
    return defaultRemoteFeatures[key]
  }
  if (key === 'emailCapture') return Array.isArray(value) ? [...value] : Boolean(value)
  return Boolean(value) as RemoteFeatures[Key]
}

/**
 * Resolves the remote features from the project configuration (appkit-behaviour §2.13):
 * when the configuration loaded, it wins (a feature it does not list is off; `config: null`
 * keeps the local value or default) and every local option it overrides gives a warning;
 * when it did not load, local values or defaults apply, with no warning. `features.pay`
 * turns email and socials off.
 *
 * @example
 * resolveRemoteFeatures({ local: {}, remote: undefined }).features.swaps // ['1inch']
 */
export function resolveRemoteFeatures({ local, remote }: ResolveRemoteFeaturesParameters): ResolveRemoteFeaturesReturnType {
  const warnings: string[] = []
  const features = {} as Record<Key, unknown>
  const keys = Object.keys(defaultRemoteFeatures) as Key[]

  if (!remote) {
    for (const key of keys) features[key] = localOrDefault(key, local)
  } else {
    const byKey = new Map<Key, RemoteFeatureEntry>()
    for (const entry of remote) {
      if (!entry || typeof entry !== 'object' || typeof entry.id !== 'string') continue
      const keysOfEntry = Object.prototype.hasOwnProperty.call(remoteIds, entry.id) ? remoteIds[entry.id] : undefined
      for (const key of keysOfEntry ?? []) byKey.set(key, entry)
    }
    for (const key of keys) {
      const entry = byKey.get(key)
      if (!entry) {
        features[key] = false
        continue
      }
      if (entry.config === null) {
        features[key] = entry.isEnabled === false ? false : localOrDefault(key, local)
        continue
      }
      const list = Array.isArray(entry.config) ? entry.config.filter((item): item is string => typeof item === 'string') : []
      let value: unknown
      if (!entry.isEnabled) value = false
      else if (key === 'email') value = list.includes('email')
      else if (key === 'socials') {
        const socials = list.filter((item) => item !== 'email' && (defaultSocials as readonly string[]).includes(item))
        value = socials.length ? (socials as SocialProvider[]) : false
      } else if (listKeys.has(key)) value = list.length ? list : false
      else if (key === 'emailCapture') value = list.length ? list : true
      else value = true
      features[key] = value
      const name = localKey[key]
      if (name && local[name] !== undefined) {
        warnings.push(`The project configuration sets "${key}"; the local option \`features.${name}\` is ignored.`)
      }
    }
  }

  if (local.pay) {
    features.email = false
    features.socials = false
  }
  return { features: features as RemoteFeatures, warnings }
}
