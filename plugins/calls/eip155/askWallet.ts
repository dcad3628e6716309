import type { CaipNetworkId, PluginContext } from '../../../kernel/kernel.js'

const namespace = 'eip155'

/**
 * Sends one EIP-5792 request to the wallet of an eip155 connection: an injected wallet through
 * the eip155 plugin's `request` tap (it holds the wallet's provider), a channel (WalletConnect)
 * only for a method its session approved on `chainId`. `undefined` when neither can carry it: the
 * caller's tap then passes and the kernel decides (fallback, bundler route or the contract's error).
 *
 * @returns the wallet's raw answer, boxed; `undefined` when no carrier
 * @example
 * await askWallet(portico, 'io.metamask', 'eip155:1', 'wallet_getCallsStatus', [id]) // { result: { status: 200, … } }
 */
export async function askWallet(portico: PluginContext, connectorId: string, chainId: CaipNetworkId, method: string, params: unknown): Promise<{ result: unknown } | undefined> {
  const injected = await portico.hooks.request.for(namespace).promise({ namespace, connectorId, method, params, chainId })
  if (injected) return injected
  const channel = portico.channel(namespace)
  if (!channel || channel.connectorId !== connectorId || !channel.supports(method, chainId)) return undefined
  return { result: await portico.request({ namespace, method, params, chainId }) }
}
