import { createPortico, type StorageBackend } from '../../../../kernel/index.js'
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
}: {
  api: string
  /** A separate blockchain API (balances, history, NFTs); default: `api`. */
  blockchainApi?: string
  theme?: 'light' | 'dark'
  storage?: StorageBackend | null
  themeVariables?: Record<string, string>
  /** Whether the in-page wallet announces itself (default true). */
  installed?: boolean
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
  })
  return { portico, wallet }
}
