import type { ConnectionAccount } from '../../../kernel/kernel.js'
import type { Eip1193Provider } from '../discovery/Eip1193Provider.js'
import { detectAccountType } from './detectAccountType.js'

/**
 * The wallet's accounts with the type each has ({@link detectAccountType}), in the wallet's order
 * (an injected wallet's order is never changed).
 *
 * @example
 * await typedAccounts(provider, [smart, eoa]) // [{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }]
 */
export async function typedAccounts(provider: Eip1193Provider, addresses: readonly string[]): Promise<ConnectionAccount[]> {
  const types = await Promise.all(addresses.map((address) => detectAccountType(provider, address)))
  return addresses.map((address, i) => ({ address, type: types[i] ?? 'eoa' }))
}
