// `portico/ledger`: a Ledger over WebHID / WebUSB (docs/guides/hardware-wallets.md).
export { ledger } from './ledger.js'
export type { LedgerControls, LedgerEnvironment, LedgerOptions } from './ledger.js'
export { ledgerConnectorId, ledgerStorageKey } from './constants.js'
export type { LedgerTransportOption } from './transport/transportKinds.js'
