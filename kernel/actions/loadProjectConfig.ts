import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { alertForMessage } from '../errors/alerts.js'
import { resolveRemoteFeatures, type RemoteFeatureEntry } from '../options/resolveRemoteFeatures.js'

const loaded = new WeakMap<PorticoBase, Promise<void>>()

function isFeatureList(value: unknown): value is { features: RemoteFeatureEntry[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { features?: unknown }).features)
}

/**
 * Fetches the project configuration once, on the visitor's first action: remote features from
 * `/appkit/v1/config` (when it loads, it wins and each overridden local option gives a warning;
 * offline, local options or defaults apply and no error is shown) and `/getAnalyticsConfig`.
 *
 * @example
 * await loadProjectConfig(portico)
 */
export function loadProjectConfig(portico: PorticoBase): Promise<void> {
  let promise = loaded.get(portico)
  if (promise) return promise
  promise = (async () => {
    const { options, alerts } = portico.stores
    const local = portico.options.features ?? {}
    let remote: RemoteFeatureEntry[] | undefined
    if (portico.options.projectId) {
      try {
        const response = await portico.services.api.get('/appkit/v1/config')
        remote = isFeatureList(response) ? response.features : undefined
      } catch (error) {
        const code = alertForMessage((error as { details?: string })?.details)
        if (code) runInAction(() => alerts.raise(code))
        remote = undefined
      }
    }
    const resolved = resolveRemoteFeatures({ local, remote })
    runInAction(() => {
      options.setRemoteFeatures(resolved.features, remote ? 'remote' : 'local')
      for (const warning of resolved.warnings) alerts.warn(warning)
    })
    if (options.features.analytics && portico.options.projectId) {
      try {
        const response = await portico.services.api.get<{ isAnalyticsEnabled?: unknown }>('/getAnalyticsConfig', { params: {} })
        runInAction(() => options.setServerAnalytics(response?.isAnalyticsEnabled === true))
      } catch {
        runInAction(() => options.setServerAnalytics(false))
      }
    }
  })()
  loaded.set(portico, promise)
  return promise
}
