import type { PolkadotDevAccount } from './createPolkadotDevWallet.js'

/** The Polkadot relay chain's genesis hash: what a Polkadot.js Ledger account is pinned to. */
export const polkadotRelayGenesisHash = '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3'

/**
 * An Ethereum account as Talisman and SubWallet list it beside Substrate ones (`type: 'ethereum'`,
 * a `0x` address): the EVM dev account 0 of the test mnemonic. Personas list it; they never sign with it.
 */
export const personaEthereumAccount: PolkadotDevAccount = Object.freeze({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', name: 'Dev account (Ethereum)', type: 'ethereum', genesisHash: null })

/**
 * A hardware account pinned to the Polkadot relay chain, as the Polkadot.js extension lists a
 * Ledger account (`genesisHash` set): ed25519, its key the well-known `//Alice` ed25519 public key
 * (no secret in the sandbox: it is never signed for). A site must not offer it on another chain.
 */
export const personaPinnedAccount: PolkadotDevAccount = Object.freeze({ address: '5FA9nQDVg267DEd8m1ZypXLBnvN7SFxYwV7ndqSYGiN9TTpu', name: 'Ledger (Polkadot relay chain)', type: 'ed25519', genesisHash: polkadotRelayGenesisHash })
