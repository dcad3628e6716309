/** The connector id of every Ledger connection. */
export const ledgerConnectorId = 'ledger'

/** The view that connects a Ledger (receives `{ namespace }`). */
export const ledgerView = 'ConnectingLedger'

/** The namespaces a Ledger connects (docs/guides/hardware-wallets.md §1); each has its entry in `ledgerChains` (chains/index.ts). */
export const ledgerNamespaces = ['eip155', 'solana', 'sui', 'stacks', 'bip122', 'cosmos', 'polkadot'] as const
export type LedgerNamespace = (typeof ledgerNamespaces)[number]

/** Where the chosen path is kept for reconnecting: `ledger:<namespace>` ⇒ `{ path, address }`. */
export const ledgerStorageKey = (namespace: string) => `ledger:${namespace}`
