import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import type { CaipAddress, ChainNamespace } from '../types/caip.js'
import type { AccountType, ConnectionAccount, ReportOptions } from '../types/connection.js'
import { handleWalletDisconnected } from './handleWalletDisconnected.js'
import { persistConnections } from './persistConnections.js'

const accountTypes: ReadonlySet<string> = new Set<AccountType>(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])

/** An address, or an address with its type (`payment`, `ordinal`, …); anything else is dropped. */
function toAccount(entry: unknown): ConnectionAccount | undefined {
  if (typeof entry === 'string') return { address: entry }
  if (typeof entry !== 'object' || entry === null) return undefined
  const { address, type, name } = entry as { address?: unknown; type?: unknown; name?: unknown }
  if (typeof address !== 'string') return undefined
  const label = typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64) : ''
  return { address, ...(typeof type === 'string' && accountTypes.has(type) ? { type: type as AccountType } : {}), ...(label ? { name: label } : {}) }
}

/**
 * The wallet reported new accounts (addresses, or `{ address, type }` to keep each account's type):
 * an empty list ends the connection, otherwise the first account becomes the connected one.
 * `connectorId` naming a kept connection (multi-wallet) updates that one only.
 */
export function handleAccountsChanged(portico: PorticoBase, namespace: ChainNamespace, accounts: readonly (string | ConnectionAccount)[], options: ReportOptions = {}): void {
  const { connections } = portico.stores
  const connection = connections.get(namespace)
  const valid = (Array.isArray(accounts) ? accounts : [])
    .map(toAccount)
    .filter((a): a is ConnectionAccount => a !== undefined && (!portico.addressValidators.has(namespace) || portico.addressValidators.isAddress(a.address, namespace)))
  // A kept wallet (multi-wallet) changed accounts: its entry follows, the active connection stays.
  if (options.connectorId !== undefined && connection.connectorId !== options.connectorId) {
    if (valid.length === 0) handleWalletDisconnected(portico, namespace, options)
    else if (connections.findKept(namespace, options.connectorId)) runInAction(() => connections.updateKept(namespace, options.connectorId as string, { accounts: valid }))
    return
  }
  if (connection.status !== 'connected') return
  if (valid.length === 0) {
    handleWalletDisconnected(portico, namespace)
    return
  }
  const unchanged = valid.length === connection.accounts.length && valid.every((a, i) => a.address === connection.accounts[i]?.address && (a.type === undefined || a.type === connection.accounts[i]?.type) && a.name === connection.accounts[i]?.name)
  if (unchanged) return
  const accountChanged = valid[0]!.address !== connection.accounts[0]?.address
  runInAction(() => {
    connections.setAccounts(namespace, valid)
    if (accountChanged) portico.stores.accounts.forgetBalance(namespace)
  })
  const caipAddress = connections.caipAddress(namespace) as CaipAddress
  portico.hooks.accountChanged.call({ namespace, address: valid[0]!.address, caipAddress })
  // The restore cookie keeps the account (`restoreCookie: { account: true }`): it follows.
  if (accountChanged && typeof portico.options.restoreCookie === 'object' && portico.options.restoreCookie.account) persistConnections(portico)
}
