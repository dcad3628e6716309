import type { SafeWallet } from './types.js'
import { createSafeProvider, waitForSafeTx } from './createSafeProvider.js'
import { type SafeInfo, detectSafe } from './detectSafe.js'
import { type SafeAppsWindow, createSafeAppsClient } from './safeAppsClient.js'
import { safeLogo } from '../logo.js'

/** The connector id of the Safe the page runs in. */
export const safeConnectorId = 'safe'

/** A Safe found around the page: its connector's wallet, its facts, and how to follow its transactions. */
export type SafeConnection = {
  wallet: SafeWallet
  info: SafeInfo
  /** The hash of the transaction that executed the Safe transaction `safeTxHash`, once it ran. */
  waitForExecution(safeTxHash: string): Promise<string>
  dispose(): void
}

/**
 * Looks for a Safe{Wallet} host around the page (loaded on demand through the safe plugin's store,
 * only when the eip155 plugin finds the page framed): asks `getSafeInfo` and, when a valid answer comes within `timeoutMs`
 * (default 500 ms) for one of `chainIds`, returns the `safe` connector's wallet.
 *
 * @example
 * const safe = await startSafe(window, { chainIds: [31337] })
 * if (safe) await portico.connect({ namespace: 'eip155', connectorId: 'safe' })
 */
export async function startSafe(target: SafeAppsWindow, { chainIds, timeoutMs = 500 }: { chainIds: readonly number[]; timeoutMs?: number }): Promise<SafeConnection | undefined> {
  const client = createSafeAppsClient(target)
  const info = await detectSafe(client, { chainIds, timeoutMs })
  if (!info) {
    client.dispose()
    return undefined
  }
  return {
    wallet: { id: safeConnectorId, name: 'Safe', type: 'EXTERNAL', icon: safeLogo, provider: createSafeProvider(client, info) },
    info,
    waitForExecution: (safeTxHash) => waitForSafeTx(client, safeTxHash),
    dispose: () => client.dispose(),
  }
}
