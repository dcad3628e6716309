import type { ConnectionAccount } from '../../../kernel/kernel.js'
import { detectAccountType, type WalletRequester } from './detectAccountType.js'

/**
 * The wallet's accounts with the type each has ({@link detectAccountType}), in the wallet's order
 * (an injected wallet's order is never changed). The eip155 plugin asks it of the calls plugin's
 * store for each connection and account change; without the calls plugin its accounts carry no type.
 *
 * @example
 * await typedAccounts(provider, [smart, eoa]) // [{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }]
 */
export async function typedAccounts(wallet: WalletRequester, addresses: readonly string[]): Promise<ConnectionAccount[]> {
  const types = await Promise.all(addresses.map((address) => detectAccountType(wallet, address)))
  return addresses.map((address, i) => ({ address, type: types[i] ?? 'eoa' }))
}
