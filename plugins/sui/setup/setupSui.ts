import { getWallets } from '@wallet-standard/app'
import { ProviderRpcError, registerChainAdapter, type CaipNetworkId, type ChainAdapter, type Network, type Disposer, type PluginContext, type SendRequest } from '../../../kernel/kernel.js'
import { createWalletStandardSession, lazySignInVerifier } from '../../../chain-kit/index.js'
import type { SuiTransferPlan } from '../actions/sendSuiTransfer.js'
import { createSuiWalletDiscovery } from '../discovery/createSuiWalletDiscovery.js'
import type { DiscoveredSuiWallet } from '../discovery/SuiWalletTypes.js'
import { SuiWalletFeatureError } from '../errors.js'
import { isSuiAddress } from '../utils/isSuiAddress.js'
import { toSuiWalletChain } from '../utils/toSuiWalletChain.js'
import { toSuiWalletError } from '../utils/toSuiWalletError.js'
import type { SuiEnvironment, SuiOptions } from '../sui.js'
import { loadSuiPeer } from '../peers.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

const namespace = 'sui'
const base64Signature = /^[A-Za-z0-9+/]{80,200}={0,2}$/
/** How long a plan shown in the send review (its gas coins, its budget) is sent as it is. */
const planTtlMs = 60_000
/** The request a plan was made for: the same transfer on the same network. */
const planKey = (request: SendRequest) => JSON.stringify([request.network.caipNetworkId, request.connectorId, request.from, request.to, request.amount, request.token ?? '', request.decimals ?? ''])

function explorerUrl(network: Network, path: string): string | undefined {
  const base = network.blockExplorers?.default.url.replace(/\/+$/, '')
  return base ? `${base}/${path}` : undefined
}

/**
 * The sui plugin's `setup`, loaded with the kernel (`sui().load()`): Wallet Standard discovery, the
 * connection hooks, the taps of every hook it answers, address validation, explorer links and the
 * sign-in verifier.
 *
 * @example
 * const dispose = setupSui(context, {}, {})
 */
export function setupSui(portico: PluginContext, options: SuiOptions, environment: SuiEnvironment): Disposer {
  const discovery = createSuiWalletDiscovery(environment.wallets ?? getWallets())
  const fetchFn = environment.fetch
  /** The last plan whose fee the review showed: the send signs exactly that transaction. */
  let planned: { key: string; at: number; plan: SuiTransferPlan } | undefined
  const takePlan = (request: SendRequest) => {
    const plan = planned?.key === planKey(request) && Date.now() - planned.at < planTtlMs ? planned.plan : undefined
    planned = undefined
    return plan
  }

  /** Whether the wallet offers the network's chain. */
  const supports = (wallet: DiscoveredSuiWallet, caipNetworkId: CaipNetworkId) => {
    const chain = toSuiWalletChain(caipNetworkId)
    try {
      return chain !== undefined && wallet.wallet.chains.includes(chain)
    } catch {
      return false
    }
  }
  const session = createWalletStandardSession({
    portico,
    namespace,
    chainLabel: 'Sui',
    isAddress: isSuiAddress,
    supports,
    featureError: (feature, wallet) => new SuiWalletFeatureError({ feature, wallet }),
    discovery,
    ...(options.reconnectTimeoutMs !== undefined ? { reconnectTimeoutMs: options.reconnectTimeoutMs } : {}),
  })
  const { signingAccount } = session
  const connection = session.connectionMethods()
  /** Runs a wallet request, its refusal (in the wallet's own shape) as a `ProviderRpcError` 4001. */
  const asked = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw toSuiWalletError(error)
    }
  }
  const adapter: ChainAdapter = {
    namespace,
    slip44: 784, // SLIP-44's coin type for Sui
    isAddress: isSuiAddress,
    explorers: {
      address: (network, address) => explorerUrl(network, `account/${address}`),
      transaction: (network, hash) => explorerUrl(network, `tx/${hash}`),
    },
    // Portico's built-in wallets of this namespace, loaded when a view first lists them.
    builtinWallets: async () => (await import('../../../wallets/byNamespace/suiWallets.js')).suiWallets(),
    signInVerifier: lazySignInVerifier('Sui', async () => (await import('../actions/verifySuiPersonalMessage.js')).verifySuiPersonalMessage),
    ...connection,
    connect: (request) => asked(() => connection.connect(request)),
    reconnect: (request) => asked(() => connection.reconnect(request)),
    async signMessage(request) {
      const signer = signingAccount(request.connectorId, request.address)
      let signature: unknown
      if (signer) {
        // `sui:signPersonalMessage`, or the legacy `sui:signMessage` of wallets that still offer only
        // it (Suiet's last public source), whose `{ messageBytes, signature }` signs the same intent message.
        const features = signer.wallet.wallet.features as Record<string, Record<string, unknown> | undefined>
        const [name, method] = typeof features['sui:signPersonalMessage']?.signPersonalMessage === 'function' ? ['sui:signPersonalMessage', 'signPersonalMessage'] : typeof features['sui:signMessage']?.signMessage === 'function' ? ['sui:signMessage', 'signMessage'] : []
        if (!name || !method) throw new SuiWalletFeatureError({ feature: 'sui:signPersonalMessage', wallet: signer.wallet.name })
        const feature = features[name] as Record<string, (input: unknown) => Promise<unknown>>
        const chain = toSuiWalletChain(request.caipNetworkId)
        const output = (await asked(() => feature[method]!({ account: signer.account, message: new TextEncoder().encode(request.message), ...(chain ? { chain } : {}) }))) as { signature?: unknown } | undefined
        signature = output?.signature
      } else {
        // A connection by another connector (WalletConnect, …) that carries requests: `sui_signPersonalMessage` over its channel.
        if (portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
        const answer = await portico.request({ namespace, chainId: request.caipNetworkId, method: 'sui_signPersonalMessage', params: { message: request.message, address: request.address } })
        signature = (answer as { signature?: unknown } | null)?.signature
      }
      if (typeof signature !== 'string' || !base64Signature.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { signature }
    },
    // WalletConnect's sui methods (what the signer and `portico.request` send) for the Wallet Standard
    // wallet this plugin holds, through its features; a channel's connection carries its own.
    async request(request) {
      if (!session.activeWallet(request.connectorId)) return undefined
      const address = (request.params as { address?: unknown } | null | undefined)?.address
      const signer = typeof address === 'string' ? signingAccount(request.connectorId, address) : undefined
      if (!signer) throw new ProviderRpcError({ code: 4100, message: `The wallet has not shared the account ${String(address).slice(0, 80)}` })
      const { answerSuiWalletRequest } = await loadSuiPeer(() => import('../actions/answerSuiWalletRequest.js'))
      const result = await asked(() =>
        answerSuiWalletRequest({ method: request.method, params: request.params, wallet: signer.wallet.wallet, account: signer.account, chain: toSuiWalletChain(request.chainId), network: portico.stores.networks.find(request.chainId), fetch: fetchFn }),
      )
      return { result }
    },
    // The site's own transactions (`portico.getSigner('sui')`): the signer's code loads when first asked for.
    async createSigner(context) {
      const { createSuiSigner } = await loadSuiPeer(() => import('../actions/createSuiSigner.js'))
      return createSuiSigner({ context, confirmTimeoutMs: options.confirmTimeoutMs || 60_000, fetch: fetchFn })
    },
    // Coin balances from the network's node, after the blockchain API (stage 10): for the chains
    // the API does not serve. Coin types carry no price here.
    async fetchTokenBalances(request) {
      const network = request.network
      if (!network) return undefined
      const { fetchSuiCoinBalances } = await import('../actions/fetchSuiCoinBalances.js')
      return fetchSuiCoinBalances({ network, address: request.address, fetch: fetchFn })
    },
    async fetchBalance(request) {
      const { fetchSuiBalance } = await import('../actions/fetchSuiBalance.js')
      return fetchSuiBalance({ network: request.network, address: request.address, fetch: fetchFn })
    },
    async waitForTransaction(request) {
      const { waitForSuiTransaction } = await import('../actions/waitForSuiTransaction.js')
      const status = await waitForSuiTransaction({ network: request.network, digest: request.hash, timeoutMs: options.confirmTimeoutMs || 60_000, fetch: fetchFn })
      return status === 'pending' ? undefined : { status }
    },
    // The gas budget from a simulation, shown in the send review before the wallet is asked.
    async estimateSendFee(request) {
      if (!signingAccount(request.connectorId, request.from) && portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
      const { planSuiTransfer } = await import('../actions/sendSuiTransfer.js')
      const plan = await planSuiTransfer({ request, fetch: fetchFn })
      planned = { key: planKey(request), at: Date.now(), plan }
      return { fee: plan.fee, symbol: request.network.nativeCurrency.symbol }
    },
    async send(request) {
      const signer = signingAccount(request.connectorId, request.from)
      if (signer) {
        const { sendSuiTransfer } = await import('../actions/sendSuiTransfer.js')
        return { hash: await asked(() => sendSuiTransfer({ request, wallet: signer.wallet.wallet, account: signer.account, fetch: fetchFn, plan: takePlan(request) })) }
      }
      // Over a channel (WalletConnect): the plugin builds and resolves the transaction, the wallet signs and executes it.
      if (portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
      const { planSuiTransfer } = await import('../actions/sendSuiTransfer.js')
      const { transaction } = takePlan(request) ?? (await planSuiTransfer({ request, fetch: fetchFn }))
      const answer = await portico.request({ namespace, chainId: request.network.caipNetworkId, method: 'sui_signAndExecuteTransaction', params: { transaction: await transaction.toJSON(), address: request.from } })
      const digest = (answer as { digest?: unknown } | null)?.digest
      if (typeof digest !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(digest)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction digest' })
      return { hash: digest }
    },
  }
  return registerChainAdapter(portico, adapter)
}
