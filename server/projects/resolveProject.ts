import type { ProjectSettings, ServerConfig } from '../createServer.js'

export type ResolvedProject = Required<ProjectSettings>

/**
 * The remote features a project gets when the server's configuration does not name it:
 * the spec's defaults (swaps, on-ramp, email, socials, activity and branding on; multi-wallet
 * and email capture off).
 */
export const defaultProjectFeatures: ResolvedProject['features'] = [
  { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
  { id: 'swap', isEnabled: true, config: ['1inch'] },
  { id: 'onramp', isEnabled: true, config: ['meld'] },
  { id: 'activity', isEnabled: true, config: null },
  { id: 'reown_branding', isEnabled: true, config: null },
  { id: 'multi_wallet', isEnabled: false, config: null },
  { id: 'email_capture', isEnabled: false, config: null },
]

/**
 * The settings of one project id: its configured settings, each missing field taken from the
 * default project (all features at their defaults, any origin allowed, analytics on).
 *
 * @param config - the server's configuration
 * @param projectId - a validated project id
 * @returns features, allowed origins and the analytics switch
 * @example
 * resolveProject(config, 'demo').allowedOrigins // ['*']
 */
export function resolveProject(config: ServerConfig, projectId: string): ResolvedProject {
  const settings = config.projects && Object.hasOwn(config.projects, projectId) ? config.projects[projectId] : undefined
  return {
    features: settings?.features ?? defaultProjectFeatures,
    allowedOrigins: settings?.allowedOrigins ?? ['*'],
    isAnalyticsEnabled: settings?.isAnalyticsEnabled ?? true,
  }
}
