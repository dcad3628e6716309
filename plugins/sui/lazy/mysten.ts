// What a Sui send needs from @mysten/sui (an optional peer dependency), loaded with `await import()`
// on the first send: the transaction builder (the plugin resolves gas itself, through the network's node API).
export { Transaction } from '@mysten/sui/transactions'
