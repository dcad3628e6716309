import { BaseError } from '../errors/BaseError.js'
import { ChainNotSupportedError, NotConnectedError } from '../errors/connection.js'
import { NoPluginForHookError } from '../errors/plugin.js'
import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { PorticoBase } from '../types/portico.js'
import type { NamespaceSigner, SignerConnection, SignerContext, SignerOf } from '../types/signer.js'
import { request } from './request.js'

/** Each instance's signers by namespace: one signer per namespace for the instance's life. */
const signers = new WeakMap<PorticoBase, Map<ChainNamespace, Promise<NamespaceSigner>>>()

/** What a chain adapter's `createSigner` builds on: the namespace's connection, read at each use. */
function signerContext(portico: PorticoBase, namespace: ChainNamespace): SignerContext {
  const connection = (): SignerConnection => {
    const current = portico.stores.connections.get(namespace)
    const address = current.accounts[0]?.address
    if (current.status !== 'connected' || !current.connectorId || !current.caipNetworkId || !address) throw new NotConnectedError({ namespace })
    const network = portico.stores.networks.find(current.caipNetworkId)
    if (!network) throw new ChainNotSupportedError({ caipNetworkId: current.caipNetworkId })
    return { address, accounts: current.accounts, network, caipNetworkId: current.caipNetworkId, connectorId: current.connectorId }
  }
  return {
    namespace,
    connection,
    requireNetwork(asked) {
      const current = connection()
      const caipNetworkId = typeof asked === 'string' && asked.includes(':') ? asked : `${namespace}:${String(asked)}`
      if (caipNetworkId !== current.caipNetworkId) throw new ChainNotSupportedError({ caipNetworkId: String(asked).slice(0, 120), connected: current.caipNetworkId })
      return current
    },
    request: (method: string, params: unknown, caipNetworkId?: CaipNetworkId) =>
      request(portico, { namespace, method, ...(params === undefined ? {} : { params }), chainId: caipNetworkId ?? connection().caipNetworkId }),
  }
}

/**
 * The connected account's signer of a namespace, for the site's own transactions, in the shape
 * its ecosystem's main SDK takes (a CosmJS offline signer, a polkadot-api `PolkadotSigner`, …;
 * see each chain plugin's docs). One signer per namespace: it follows the visitor's account and
 * network switches, refuses with `NotConnectedError` while nothing is connected and with
 * `ChainNotSupportedError` a transaction for another network (before the wallet is asked), and
 * signs through whichever connector holds the connection (an extension, WalletConnect, a Ledger,
 * the embedded wallet). Its code loads when first asked for, never with the page.
 *
 * @throws NoPluginForHookError when the namespace's chain plugin gives no signer
 * @example
 * const signer = await portico.getSigner('cosmos')
 * const client = await SigningStargateClient.connectWithSigner(rpcUrl, signer)
 */
export function getSigner<N extends ChainNamespace>(portico: PorticoBase, namespace: N): Promise<SignerOf<N>> {
  if (typeof namespace !== 'string' || !/^[-a-z0-9]{3,8}$/.test(namespace)) return Promise.reject(new BaseError(`getSigner needs a CAIP-2 namespace (3 to 8 lower-case letters, digits or hyphens), got ${JSON.stringify(String(namespace).slice(0, 40))}`))
  const byNamespace = signers.get(portico) ?? new Map<ChainNamespace, Promise<NamespaceSigner>>()
  signers.set(portico, byNamespace)
  const known = byNamespace.get(namespace)
  if (known) return known as Promise<SignerOf<N>>
  const factory = portico.chains.signerFactory(namespace)
  if (!factory) return Promise.reject(new NoPluginForHookError({ hook: 'getSigner', namespace }))
  const created = Promise.resolve()
    .then(() => factory(signerContext(portico, namespace)))
    .catch((error: unknown) => {
      // A failed load (the signer's code) may be retried.
      byNamespace.delete(namespace)
      throw error
    })
  byNamespace.set(namespace, created)
  return created as Promise<SignerOf<N>>
}
