import type { Network } from '../../../kernel/kernel.js'
import type { LedgerNamespace } from '../constants.js'
import { bip122LedgerChain } from '../bip122/bip122LedgerChain.js'
import { eip155LedgerChain } from '../eip155/eip155LedgerChain.js'
import { solanaLedgerChain } from '../solana/solanaLedgerChain.js'
import { suiLedgerChain } from '../sui/suiLedgerChain.js'
import { stacksLedgerChain } from '../stacks/stacksLedgerChain.js'
import { cosmosLedgerChain } from '../cosmos/cosmosLedgerChain.js'
import { polkadotLedgerChain } from '../polkadot/polkadotLedgerChain.js'
import type { LedgerChain } from './types.js'

export type { LedgerChain, LedgerChainCode, LedgerChannelParameters } from './types.js'

/**
 * Every namespace a Ledger connects, one entry each (a new namespace: its folder with a
 * `<namespace>LedgerChain.ts` and a lazy `<namespace>LedgerCode.ts`, one line here, one in
 * `ledgerNamespaces`).
 */
export const ledgerChains: Readonly<Record<LedgerNamespace, LedgerChain>> = {
  eip155: eip155LedgerChain,
  solana: solanaLedgerChain,
  sui: suiLedgerChain,
  stacks: stacksLedgerChain,
  bip122: bip122LedgerChain,
  cosmos: cosmosLedgerChain,
  polkadot: polkadotLedgerChain,
}

/** The namespace's entry (eip155's for a namespace the plugin does not serve: never reached by a served one). */
export function ledgerChainOf(namespace: string): LedgerChain {
  return ledgerChains[namespace as LedgerNamespace] ?? ledgerChains.eip155
}

/** The namespace's entry with the app and paths of `network` (the active one), where they depend on it. */
export function ledgerChainFor(namespace: string, network: Network | undefined): LedgerChain {
  const chain = ledgerChainOf(namespace)
  return chain.onNetwork ? { ...chain, ...chain.onNetwork(network) } : chain
}
