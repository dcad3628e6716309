import { base58, base64 } from '@scure/base'
import { getWallets } from '@wallet-standard/app'
import { ChainNotSupportedError, ProviderRpcError, registerChainAdapter, type CaipNetworkId, type ChainAdapter, type Disposer, type Network, type PluginContext, type SendRequest } from '../../../kernel/kernel.js'
import { createWalletStandardSession, lazySignInVerifier } from '../../../chain-kit/index.js'
import { createSolanaWalletDiscovery } from '../discovery/createSolanaWalletDiscovery.js'
import type { DiscoveredSolanaWallet } from '../discovery/WalletStandardTypes.js'
import { SolanaWalletFeatureError } from '../errors.js'
import type { SolanaEnvironment, SolanaOptions } from '../solana.js'
import { fromWalletStandardChain } from '../utils/fromWalletStandardChain.js'
import { callWallet, isSilentRefusal } from '../utils/callWallet.js'
import { isSolanaAddress } from '../utils/isSolanaAddress.js'
import { toWalletStandardChain } from '../utils/toWalletStandardChain.js'
import { loadSolanaPeer } from '../peers.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

const namespace = 'solana'

function explorerUrl(network: Network, path: string): string | undefined {
  const base = network.blockExplorers?.default.url.replace(/\/+$/, '')
  if (!base) return undefined
  const chain = toWalletStandardChain(network.caipNetworkId)
  const cluster = chain === 'solana:devnet' ? '?cluster=devnet' : chain === 'solana:testnet' ? '?cluster=testnet' : ''
  return `${base}/${path}${cluster}`
}

/**
 * On an Android user agent, when the site gave `mobileWalletAdapter` (from `portico/solana/mobile`),
 * loads the Mobile Wallet Adapter's code (optional peer `@solana-mobile/wallet-standard-mobile`) and
 * registers its Wallet Standard wallet, for the site's Solana networks Wallet Standard names:
 * discovery then lists "Mobile Wallet Adapter". Any other page never loads that code. A missing
 * peer or a failure is reported, never thrown.
 */
function registerMobileWalletAdapterOnAndroid(portico: PluginContext, options: SolanaOptions, environment: SolanaEnvironment, bridged: Set<string>): void {
  const userAgent = environment.userAgent ?? (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? ''
  const load = options.mobileWalletAdapter
  if (!load || !/android/i.test(userAgent)) return
  const chains = portico.stores.networks.networksOf(namespace).flatMap((network) => toWalletStandardChain(network.caipNetworkId) ?? [])
  const metadata = portico.options.metadata
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin
  const uri = metadata?.url ?? origin
  const icon = metadata?.icons[0]
  loadSolanaPeer(load)
    .then(({ registerMobileWalletAdapter, mobileWalletAdapterName }) => {
      // Listed as an external wallet (it opens the phone's wallet apps), not as one installed here.
      bridged.add(mobileWalletAdapterName)
      registerMobileWalletAdapter({
        appIdentity: { name: metadata?.name ?? (typeof document === 'undefined' ? 'Solana site' : document.title || 'Solana site'), ...(uri ? { uri } : {}), ...(icon ? { icon } : {}) },
        chains: chains.length > 0 ? chains : ['solana:mainnet'],
      })
    })
    .catch((error: unknown) => portico.reportError(error, { action: 'solana' }))
}

/**
 * The solana plugin's `setup`, loaded with the kernel (`solana().load()`): Wallet Standard
 * discovery, the connection hooks, the taps of every hook it answers, address validation, explorer
 * links and the sign-in verifier.
 *
 * @example
 * const dispose = setupSolana(context, {}, {})
 */
export function setupSolana(portico: PluginContext, options: SolanaOptions, environment: SolanaEnvironment): Disposer {
  const discovery = createSolanaWalletDiscovery(environment.wallets ?? getWallets())
  const fetchFn = environment.fetch
  const bridged = new Set<string>()
  registerMobileWalletAdapterOnAndroid(portico, options, environment, bridged)

  /** Whether the wallet can be used on a network (a network Wallet Standard has no name for is allowed). */
  const supports = (wallet: DiscoveredSolanaWallet, caipNetworkId: CaipNetworkId) => {
    const chain = toWalletStandardChain(caipNetworkId)
    try {
      return chain === undefined || wallet.wallet.chains.includes(chain)
    } catch {
      return false
    }
  }
  const session = createWalletStandardSession({
    portico,
    namespace,
    chainLabel: 'Solana',
    isAddress: isSolanaAddress,
    supports,
    fromWalletChain: fromWalletStandardChain,
    featureError: (feature, wallet) => new SolanaWalletFeatureError({ feature, wallet }),
    discovery,
    connectorType: (wallet) => (bridged.has(wallet.name) ? 'EXTERNAL' : 'ANNOUNCED'),
    ...(options.reconnectTimeoutMs !== undefined ? { reconnectTimeoutMs: options.reconnectTimeoutMs } : {}),
  })
  const { signingAccount } = session
  const connection = session.connectionMethods()
  /** The symbol of a token the site configured (for messages), by the request's CAIP-10 token. */
  const tokenSymbol = (request: SendRequest) => {
    const mint = request.token?.split(':')[2]
    return (options.tokens ?? []).find((t) => t.network === request.network.caipNetworkId && t.address === mint)?.symbol
  }

  const adapter: ChainAdapter = {
    namespace,
    slip44: 501, // SLIP-44's coin type for Solana
    isAddress: isSolanaAddress,
    explorers: {
      address: (network, address) => explorerUrl(network, `account/${address}`),
      transaction: (network, hash) => explorerUrl(network, `tx/${hash}`),
    },
    // Portico's built-in wallets of this namespace, loaded when a view first lists them.
    builtinWallets: async () => (await import('../../../wallets/byNamespace/solanaWallets.js')).solanaWallets(),
    signInVerifier: lazySignInVerifier('Solana', async () => (await import('../actions/verifySolanaSignature.js')).verifySolanaSignature),
    ...connection,
    // A wallet that refuses with no reason has been declined by the visitor (Solflare's SDK).
    connect: (request) => callWallet(() => connection.connect(request)),
    async reconnect(request) {
      try {
        return await connection.reconnect(request)
      } catch (error) {
        // A wallet may refuse a silent connect rather than answer with no account (Phantom's
        // `onlyIfTrusted` throws 4001 once the site is no longer trusted): not restored, not an error.
        if (isSilentRefusal(error)) return undefined
        throw error
      }
    },
    async signMessage(request) {
      const signer = signingAccount(request.connectorId, request.address)
      if (!signer) {
        // A connection by another connector (WalletConnect, …) that carries requests: `solana_signMessage` over its channel.
        if (portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
        const answer = await portico.request({
          namespace,
          chainId: request.caipNetworkId,
          method: 'solana_signMessage',
          params: { message: base58.encode(new TextEncoder().encode(request.message)), pubkey: request.address },
        })
        const signature = (answer as { signature?: unknown } | null)?.signature
        if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{43,90}$/.test(signature) || base58.decode(signature).length !== 64) {
          throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
        }
        return { signature }
      }
      const feature = (signer.wallet.wallet.features as Record<string, { signMessage?: unknown } | undefined>)['solana:signMessage']
      if (typeof feature?.signMessage !== 'function') throw new SolanaWalletFeatureError({ feature: 'solana:signMessage', wallet: signer.wallet.name })
      const outputs = (await callWallet(() => (feature.signMessage as (input: unknown) => Promise<unknown>)({ account: signer.account, message: new TextEncoder().encode(request.message) }))) as unknown
      const signature = Array.isArray(outputs) ? (outputs[0] as { signature?: unknown } | undefined)?.signature : undefined
      if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { signature: base58.encode(signature) }
    },
    // SPL token balances from the network's RPC, after the blockchain API: for the chains the API
    // does not serve. Symbols come from the `tokens` option; prices are unknown.
    async fetchTokenBalances(request) {
      const network = request.network
      if (!network) return undefined
      const { fetchTokenBalances } = await import('../actions/fetchTokenBalances.js')
      const balances = await fetchTokenBalances({ network, address: request.address, knownTokens: options.tokens ?? [], fetch: fetchFn })
      return balances.map((b) => ({
        name: b.name ?? b.symbol ?? b.mint,
        symbol: b.symbol ?? '',
        chainId: network.caipNetworkId,
        address: b.token,
        price: 0,
        quantity: { decimals: String(b.decimals), numeric: b.balance },
        iconUrl: '',
      }))
    },
    async fetchBalance(request) {
      const { fetchSolBalance } = await import('../actions/fetchSolBalance.js')
      return fetchSolBalance({ network: request.network, address: request.address, fetch: fetchFn })
    },
    // The site's own transactions (`portico.getSigner('solana')`): the signer asks the wallet in
    // WalletConnect's solana vocabulary, whichever connector holds the connection; its code loads
    // when a site first asks for it.
    async createSigner(context) {
      const { createSolanaSigner } = await import('../signer/createSolanaSigner.js')
      return createSolanaSigner(context)
    },
    // That vocabulary answered for the Wallet Standard wallet this plugin holds, through its features.
    async request(request) {
      const held = portico.stores.connections.get(namespace)
      const address = held.connectorId === request.connectorId ? held.accounts[0]?.address : undefined
      const signer = address ? signingAccount(request.connectorId, address) : undefined
      if (!signer) return undefined
      const network = portico.stores.networks.find(request.chainId)
      if (!network) throw new ChainNotSupportedError({ caipNetworkId: request.chainId })
      const { answerSolanaWalletRequest } = await import('../actions/answerSolanaWalletRequest.js')
      return { result: await answerSolanaWalletRequest({ request, wallet: signer.wallet.wallet, account: signer.account, network, fetch: fetchFn }) }
    },
    async waitForTransaction(request) {
      const [{ waitForSignature }, { callSolanaRpc }] = await Promise.all([import('../actions/waitForSignature.js'), import('../actions/callSolanaRpc.js')])
      const rpc = <T,>(method: string, params: unknown[]) => callSolanaRpc<T>({ network: request.network, method, params, fetch: fetchFn })
      const outcome = await waitForSignature(request.hash, options.confirmTimeoutMs || 60_000, rpc)
      // Still pending at the deadline: no answer, the toast says it could not confirm.
      return outcome.status === 'pending' ? undefined : { status: outcome.status }
    },
    // The node's price of the exact transaction, shown in the send review before the wallet is asked.
    async estimateSendFee(request) {
      if (!signingAccount(request.connectorId, request.from) && portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
      const { estimateSolanaTransferFee } = await import('../actions/sendSolanaTransfer.js')
      const fee = await estimateSolanaTransferFee({ request, fetch: fetchFn, tokenSymbol: tokenSymbol(request) })
      return fee === undefined ? undefined : { fee, symbol: request.network.nativeCurrency.symbol }
    },
    async send(request) {
      const signer = signingAccount(request.connectorId, request.from)
      if (!signer) {
        // A connection by another connector (WalletConnect, an embedded wallet) that carries
        // requests: the same transfer, signed and sent with `solana_signAndSendTransaction` over its channel.
        const channel = portico.channel(namespace)
        if (channel?.connectorId !== request.connectorId || !channel.supports('solana_signAndSendTransaction', request.network.caipNetworkId)) return undefined
        const { sendSolanaTransfer } = await import('../actions/sendSolanaTransfer.js')
        const hash = await sendSolanaTransfer({
          request,
          fetch: fetchFn,
          confirmTimeoutMs: options.confirmTimeoutMs ?? 60_000,
          tokenSymbol: tokenSymbol(request),
          async signAndSendOverChannel(transaction) {
            const answer = await portico.request({
              namespace,
              chainId: request.network.caipNetworkId,
              method: 'solana_signAndSendTransaction',
              params: { transaction: base64.encode(transaction), sendOptions: { preflightCommitment: 'confirmed' } },
            })
            return (answer as { signature?: unknown } | null)?.signature as string
          },
        })
        return { hash }
      }
      const { sendSolanaTransfer } = await import('../actions/sendSolanaTransfer.js')
      const hash = await sendSolanaTransfer({
        request,
        wallet: signer.wallet.wallet,
        account: signer.account,
        fetch: fetchFn,
        confirmTimeoutMs: options.confirmTimeoutMs ?? 60_000,
        tokenSymbol: tokenSymbol(request),
      })
      return { hash }
    },
  }
  return registerChainAdapter(portico, adapter)
}
