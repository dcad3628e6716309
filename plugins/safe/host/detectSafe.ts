import { getAddress } from 'viem'
import type { SafeAppsClient } from './safeAppsClient.js'

/** An EVM address in any letter case (the checksum is not checked: the host's answer is checksummed here). */
const evmAddress = /^0x[0-9a-fA-F]{40}$/

/** What the Safe host says about the Safe the app runs in (`getSafeInfo`), checked. */
export type SafeInfo = { safeAddress: string; chainId: number; owners: string[]; threshold: number; isReadOnly: boolean }

/**
 * `data` as a {@link SafeInfo}, or `undefined` when it is not one: an EVM `safeAddress`, a
 * `chainId` among `chainIds`, 1–100 EVM `owners` and an integer `threshold` from 1 to their number.
 *
 * @example
 * parseSafeInfo({ safeAddress: '0x85e0…', chainId: 31337, owners: [a, b, c], threshold: 2 }, [31337])
 */
export function parseSafeInfo(data: unknown, chainIds: readonly number[]): SafeInfo | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { safeAddress, chainId, owners, threshold, isReadOnly } = data as Record<string, unknown>
  if (typeof safeAddress !== 'string' || !evmAddress.test(safeAddress)) return undefined
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || !chainIds.includes(chainId)) return undefined
  if (!Array.isArray(owners) || owners.length === 0 || owners.length > 100 || !owners.every((o) => typeof o === 'string' && evmAddress.test(o))) return undefined
  if (typeof threshold !== 'number' || !Number.isInteger(threshold) || threshold < 1 || threshold > owners.length) return undefined
  return { safeAddress: getAddress(safeAddress), chainId, owners: (owners as string[]).map((o) => getAddress(o)), threshold, isReadOnly: isReadOnly === true }
}

/**
 * Asks the parent window `getSafeInfo` and waits at most `timeoutMs` (default 500 ms): the Safe's
 * facts when a valid answer came, `undefined` otherwise (not in a Safe, a hostile or malformed
 * answer, a chain the site did not configure).
 *
 * @example
 * const safe = await detectSafe(createSafeAppsClient(window), { chainIds: [31337] })
 */
export async function detectSafe(client: SafeAppsClient, { chainIds, timeoutMs = 500 }: { chainIds: readonly number[]; timeoutMs?: number }): Promise<SafeInfo | undefined> {
  try {
    return parseSafeInfo(await client.request('getSafeInfo', undefined, { timeoutMs }), chainIds)
  } catch {
    return undefined
  }
}
