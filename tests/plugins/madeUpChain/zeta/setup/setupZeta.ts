import { parseDecimalUnits, ProviderRpcError, registerChainAdapter, type ChainAdapter, type Disposer, type Network, type PluginContext } from '../../../../../kernel/kernel.js'
import { zetaMethods, zetaNamespace } from '../constants.js'
import { isZetaAddress } from '../utils/isZetaAddress.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

function explorerUrl(network: Network, path: string): string | undefined {
  const base = network.blockExplorers?.default.url.replace(/\/+$/, '')
  return base ? `${base}/${path}` : undefined
}

/**
 * The zeta plugin's `setup`, loaded with the kernel (`zeta().load()`): its chain adapter. Zeta has
 * no wallet of its own and no node: a connector that carries requests (WalletConnect) connects,
 * the wallet submits transfers, and every connection member answers `undefined` so that connector
 * answers. Signing and sending are zeta's requests over the connection's channel.
 *
 * @example
 * const dispose = setupZeta(context)
 */
export function setupZeta(portico: PluginContext): Disposer {
  /** Whether the namespace's connection is a channel of this connector (WalletConnect, …). */
  const overChannel = (connectorId: string) => portico.channel(zetaNamespace)?.connectorId === connectorId
  const adapter: ChainAdapter = {
    namespace: zetaNamespace,
    isAddress: isZetaAddress,
    explorers: {
      address: (network, address) => explorerUrl(network, `address/${address}`),
      transaction: (network, hash) => explorerUrl(network, `tx/${hash}`),
    },
    signInVerifier: {
      label: 'Zeta',
      async verify({ message, signature, address }) {
        if (!isZetaAddress(address) || !/^[0-9a-f]{128}$/.test(signature)) return false
        const { ed25519, hexToBytes } = await import('../lazy/noble.js')
        try {
          return ed25519.verify(hexToBytes(signature), new TextEncoder().encode(message), hexToBytes(address.slice(2)))
        } catch {
          return false
        }
      },
    },
    // No wallet of its own: connectors that carry requests list themselves in every namespace.
    async discoverWallets() {},
    async connect() {
      return undefined
    },
    async reconnect() {
      return undefined
    },
    async disconnect() {},
    // Zeta wallets pick the network per request: nothing to ask; the connector confirms the chain.
    async switchNetwork() {
      return undefined
    },
    async signMessage(request) {
      if (!overChannel(request.connectorId)) return undefined
      const answer = await portico.request({ namespace: zetaNamespace, chainId: request.caipNetworkId, method: zetaMethods.sign, params: { message: request.message, address: request.address } })
      // The answer comes from outside: check its shape.
      const signature = (answer as { signature?: unknown } | null)?.signature
      if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid zeta signature' })
      return { signature }
    },
    // No node to read: the kernel's blockchain API answers balances, if it serves zeta.
    async fetchBalance() {
      return undefined
    },
    // The wallet sets the fee: the send review says so.
    async estimateSendFee() {
      return undefined
    },
    async send(request) {
      if (!overChannel(request.connectorId)) return undefined
      if (request.token) throw new ProviderRpcError({ code: 4200, message: 'Zeta has no tokens' })
      const amount = parseDecimalUnits(request.amount, request.decimals ?? request.network.nativeCurrency.decimals)
      if (amount === undefined) throw new ProviderRpcError({ code: -32602, message: `Invalid amount ${request.amount.slice(0, 40)}` })
      const answer = await portico.request({ namespace: zetaNamespace, chainId: request.network.caipNetworkId, method: zetaMethods.send, params: { from: request.from, to: request.to, amount: amount.toString() } })
      const txid = (answer as { txid?: unknown } | null)?.txid
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid zeta transaction id' })
      return { hash: txid }
    },
    // No node to follow a transfer: the send toast says it was submitted.
    async waitForTransaction() {
      return undefined
    },
  }
  return registerChainAdapter(portico, adapter)
}
