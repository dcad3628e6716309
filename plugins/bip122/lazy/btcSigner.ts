// The PSBT builder, loaded with `await import()` only when a send runs.
export { Address, NETWORK, OutScript, TEST_NETWORK, Transaction } from '@scure/btc-signer'
