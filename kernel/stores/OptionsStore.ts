import { makeAutoObservable } from 'mobx'
import { type Features, type RemoteFeatures, defaultFeatures, defaultRemoteFeatures } from '../options/defaults.js'
import { resolveRemoteFeatures } from '../options/resolveRemoteFeatures.js'
import { resolveEndpoints } from '../options/resolveEndpoints.js'
import type { Endpoints, PorticoOptions } from '../types/options.js'

/** The site owner's options with defaults applied, and the remote features. */
export class OptionsStore {
  readonly options: PorticoOptions
  features: Features
  remoteFeatures: RemoteFeatures
  /** 'local': not fetched yet or offline; 'remote': the project configuration applied. */
  remoteSource: 'local' | 'remote' = 'local'
  /** The server's `isAnalyticsEnabled`; undefined until known. */
  serverAnalytics: boolean | undefined = undefined
  /** Whether the page runs on a phone or tablet browser (`options.isMobile`, else the user agent). */
  readonly isMobile: boolean
  /** The endpoints the instance talks to (`resolveEndpoints`: each the site set, else its `api`, else the default). */
  readonly endpoints: Required<Endpoints>

  constructor(options: PorticoOptions) {
    this.options = options
    this.isMobile = options.isMobile ?? detectMobile()
    this.endpoints = resolveEndpoints(options)
    this.features = { ...defaultFeatures, ...stripUndefined(options.features ?? {}) }
    this.remoteFeatures = resolveRemoteFeatures({ local: options.features ?? {}, remote: undefined }).features ?? defaultRemoteFeatures
    makeAutoObservable(this, { options: false, isMobile: false, endpoints: false }, { autoBind: true })
  }

  get analyticsEnabled(): boolean {
    return this.features.analytics && this.serverAnalytics !== false
  }

  setRemoteFeatures(features: RemoteFeatures, source: 'local' | 'remote'): void {
    this.remoteFeatures = features
    this.remoteSource = source
  }

  setServerAnalytics(enabled: boolean): void {
    this.serverAnalytics = enabled
  }
}

function detectMobile(): boolean {
  const nav = (globalThis as { navigator?: { userAgent?: string } }).navigator
  return typeof nav?.userAgent === 'string' && /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent)
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
