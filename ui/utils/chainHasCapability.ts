import type { Capability, ChainNamespace, Portico } from '../../kernel/kernel.js'

/**
 * Whether the chain plugin serving `namespace` declares `capability` in its `meta.capabilities`
 * (e.g. `nfts`: the Account view's NFTs tab). A namespace whose chain plugin gives no meta (a
 * third party's without one) counts as having it: only a declared list takes a tab away.
 *
 * @param portico - the instance
 * @param namespace - a CAIP-2 namespace
 * @param capability - the capability asked about
 * @returns whether the namespace has it
 * @example
 * chainHasCapability(portico, 'bip122', 'nfts') // false with portico/bip122
 */
export function chainHasCapability(portico: Pick<Portico, 'plugins'>, namespace: ChainNamespace, capability: Capability): boolean {
  const declared = portico.plugins.find((plugin) => plugin.kind === 'chain' && plugin.namespace === namespace && plugin.meta?.capabilities)?.meta?.capabilities
  return declared ? declared.includes(capability) : true
}
