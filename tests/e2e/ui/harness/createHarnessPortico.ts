import { createPortico, type PorticoOptions, type PorticoThemeVariables, type RestoreCookieOptions, type StorageBackend } from '../../../../kernel/kernel.js'
import { createHarnessWallet, harnessChain } from './harnessPlugin.js'
import { devnetA, devnetB } from './networks.js'

/** The harness's Portico: two devnets, the in-page wallet, the given directory API. */
export function createHarnessPortico({
  api,
  blockchainApi,
  theme,
  storage,
  themeVariables,
  installed,
  restoreCookie,
  features,
  termsConditionsUrl,
}: {
  api: string
  /** A separate blockchain API (balances, history, NFTs); default: `api`. */
  blockchainApi?: string
  theme?: 'light' | 'dark' | 'system'
  storage?: StorageBackend | null
  themeVariables?: PorticoThemeVariables
  /** Keep the restore-hint cookie (server rendering of a returning visitor). */
  restoreCookie?: boolean | RestoreCookieOptions
  /** Whether the in-page wallet announces itself (default true). */
  installed?: boolean
  /** The site's `features` (the legal checkbox, headless …). */
  features?: PorticoOptions['features']
  termsConditionsUrl?: string
}) {
  const wallet = createHarnessWallet()
  const portico = createPortico({
    projectId: 'harness',
    metadata: { name: 'Harness', description: 'Portico UI harness', url: 'http://127.0.0.1', icons: [] },
    networks: [devnetA, devnetB],
    plugins: [harnessChain(wallet, { installed: installed ?? true })],
    endpoints: { api, ...(blockchainApi ? { blockchainApi } : {}) },
    themeMode: theme ?? 'light',
    ...(themeVariables ? { themeVariables } : {}),
    ...(storage !== undefined ? { storage } : {}),
    ...(restoreCookie !== undefined ? { restoreCookie } : {}),
    ...(features ? { features } : {}),
    ...(termsConditionsUrl ? { termsConditionsUrl } : {}),
  })
  return { portico, wallet }
}
