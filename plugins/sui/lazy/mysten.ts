// What a Sui send needs from @mysten/sui (an optional peer dependency), loaded with `await import()`
// on the first send: the transaction builder and the JSON-RPC client it resolves gas with.
export { SuiClient, SuiHTTPTransport } from '@mysten/sui/client'
export { Transaction } from '@mysten/sui/transactions'
