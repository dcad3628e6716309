import type { ChainNamespace, Network, WalletConnectNamespace } from '../../../kernel/kernel.js'
import type { ProposalNamespaces } from '../types.js'

/**
 * The `optionalNamespaces` of a session proposal: for every namespace a chain plugin declares a
 * WalletConnect namespace for, the site's configured networks of it (CAIP-2) with the plugin's
 * methods and events. Namespaces without a configured network are left out.
 *
 * @param networks - the site's configured networks
 * @param declared - `meta.walletConnect` of each chain plugin, by namespace
 * @returns the proposal's namespaces
 * @example
 * buildProposalNamespaces(networks, { eip155: { methods: ['personal_sign'], events: ['chainChanged'] } })
 */
export function buildProposalNamespaces(networks: readonly Network[], declared: Readonly<Record<string, WalletConnectNamespace>>): ProposalNamespaces {
  const out: ProposalNamespaces = {}
  for (const [namespace, wc] of Object.entries(declared)) {
    const chains = [...new Set(networks.filter((n) => n.chainNamespace === namespace).map((n) => n.caipNetworkId))]
    if (chains.length === 0) continue
    out[namespace] = { chains, methods: [...new Set(wc.methods)], events: [...new Set(wc.events)] }
  }
  return out
}
