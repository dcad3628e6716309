// A chain plugin for a made-up namespace, "zeta", written the way a third party would: against
// Portico's public API only (`portico`, here ../../../kernel/index.js), no file of another plugin.
// It has no wallet of its own: every connection comes from a connector that returns a channel
// (WalletConnect), and the plugin encodes and decodes zeta's requests over it.
import {
  definePlugin,
  ProviderRpcError,
  version,
  type CaipNetworkId,
  type Network,
  type Plugin,
  type PluginMeta,
  type PluginContext,
} from '../../../kernel/kernel.js'

export const zetaNamespace = 'zeta'
export const zetaMethods = { sign: 'zeta_signMessage', send: 'zeta_sendTransfer' } as const

/** A zeta address: `zt` and 64 hex characters (an ed25519 public key). */
export function isZetaAddress(value: unknown): boolean {
  return typeof value === 'string' && /^zt[0-9a-f]{64}$/.test(value)
}

export const zetaTestnet: Network = {
  id: 'testnet',
  caipNetworkId: 'zeta:testnet',
  chainNamespace: zetaNamespace,
  name: 'Zeta Testnet',
  nativeCurrency: { name: 'Zeta', symbol: 'ZT', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  testnet: true,
}

const meta = {
  description: 'Signs and sends on the made-up zeta chain over any connector that carries requests.',
  capabilities: ['signMessage', 'send'],
  hooks: ['signMessage', 'send', 'switchNetwork'],
  walletConnect: { methods: [zetaMethods.sign, zetaMethods.send], events: ['accountsChanged', 'chainChanged'] },
} as const satisfies PluginMeta

/** Decimal units to base units, exactly (no floats). */
function toBaseUnits(amount: string, decimals: number): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount)
  if (!match || (match[2]?.length ?? 0) > decimals) throw new ProviderRpcError({ code: -32602, message: `Invalid amount ${amount.slice(0, 40)}` })
  return (BigInt(match[1] as string) * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0') || '0')).toString()
}

export function zeta(): Plugin<PluginContext> {
  return definePlugin({
    name: zetaNamespace,
    kind: 'chain',
    namespace: zetaNamespace,
    version,
    meta,
    setup(portico) {
      portico.addressValidators.register(zetaNamespace, isZetaAddress)
      const ours = (connectorId: string) => portico.channel(zetaNamespace)?.connectorId === connectorId
      const ask = (chainId: CaipNetworkId, method: string, params: unknown) => portico.request({ namespace: zetaNamespace, chainId, method, params })
      const { hooks } = portico
      hooks.signMessage.for(zetaNamespace).tapPromise(zetaNamespace, async (request) => {
        if (!ours(request.connectorId)) return undefined
        const answer = await ask(request.caipNetworkId, zetaMethods.sign, { message: request.message, address: request.address })
        const signature = (answer as { signature?: unknown } | null)?.signature
        if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid zeta signature' })
        return { signature }
      })
      hooks.send.for(zetaNamespace).tapPromise(zetaNamespace, async (request) => {
        if (!ours(request.connectorId)) return undefined
        const amount = toBaseUnits(request.amount, request.decimals ?? request.network.nativeCurrency.decimals)
        const answer = await ask(request.network.caipNetworkId, zetaMethods.send, { from: request.from, to: request.to, amount })
        const txid = (answer as { txid?: unknown } | null)?.txid
        if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid zeta transaction id' })
        return { hash: txid }
      })
      // Zeta wallets pick the network per request: nothing to ask; the connector confirms the chain.
      hooks.switchNetwork.for(zetaNamespace).tapPromise(zetaNamespace, async () => undefined)
      return () => undefined
    },
  })
}
