import type { ProjectSettings, ServerConfig } from '../createServer.js'

export type ResolvedProject = Required<ProjectSettings>

/**
 * The remote features a project gets when its settings name none: the spec's defaults (swaps,
 * on-ramp, email, socials, activity and branding on; multi-wallet and email capture off).
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
 * The origins a project allows when its settings name none (spec §9): localhost and the loopback
 * IP on any port, and the common preview hosts.
 */
export const defaultAllowedOrigins: readonly string[] = ['localhost', 'localhost:*', '127.0.0.1', '127.0.0.1:*', '*.pages.dev', '*.vercel.app', '*.ngrok-free.app']

/**
 * The settings of one project id: its configured settings, or, for a project id the configuration
 * does not list, the operator's open default (`defaultProject`) when there is one. Each missing
 * field takes the spec's default (all features at their defaults, the spec's default origins,
 * analytics on).
 *
 * @param config - the server's configuration
 * @param projectId - a validated project id
 * @returns features, allowed origins and the analytics switch; undefined for an unknown project
 * id when the server has no open default
 * @example
 * resolveProject(config, 'demo')?.allowedOrigins // ['http://127.0.0.1:4700', …]
 */
export function resolveProject(config: ServerConfig, projectId: string): ResolvedProject | undefined {
  const settings = config.projects && Object.hasOwn(config.projects, projectId) ? config.projects[projectId] : config.defaultProject
  if (!settings) return undefined
  return {
    features: settings.features ?? defaultProjectFeatures,
    allowedOrigins: settings.allowedOrigins ?? [...defaultAllowedOrigins],
    isAnalyticsEnabled: settings.isAnalyticsEnabled ?? true,
  }
}
