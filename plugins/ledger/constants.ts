/** The connector id of every Ledger connection. */
export const ledgerConnectorId = 'ledger'

/** The view that connects a Ledger (receives `{ namespace }`). */
export const ledgerView = 'ConnectingLedger'

/** The namespaces a Ledger connects (docs/guides/hardware-wallets.md §1). */
export const ledgerNamespaces = ['eip155', 'solana'] as const
export type LedgerNamespace = (typeof ledgerNamespaces)[number]

/** The device app each namespace needs, as `B0 01` names it. */
export const ledgerApps: Readonly<Record<LedgerNamespace, string>> = { eip155: 'Ethereum', solana: 'Solana' }

/** Where the chosen path is kept for reconnecting: `ledger:<namespace>` ⇒ `{ path, address }`. */
export const ledgerStorageKey = (namespace: string) => `ledger:${namespace}`
