import { ChainNotSupportedError, formatDecimalUnits, ProviderRpcError, type WalletRequest, type ConnectResult, type Network, type Disposer, type PluginContext, type SendRequest, registerChainAdapter, type ChainAdapter } from '../../../kernel/kernel.js'
import { lazySignInVerifier } from '../../../chain-kit/index.js'
import type { PolkadotTransferPlan } from '../actions/planPolkadotTransfer.js'
import type { SignPayload, SignRaw } from '../actions/sendPolkadotTransfer.js'
import { type DiscoveredPolkadotWallet, type InjectedAccount, type InjectedExtension, listPolkadotWallets } from '../discovery/createPolkadotWalletDiscovery.js'
import { decodeSs58, encodeSs58, isPolkadotAddress } from '../utils/ss58.js'
import { toHex } from '../utils/toHex.js'
import type { PolkadotEnvironment, PolkadotOptions } from '../polkadot.js'
import { loadPolkadotPeer } from '../peers.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

const namespace = 'polkadot'
const rejection = /reject|cancel|denied|not allowed/i

/** How long a plan shown in the send review (its nonce, era and fee) is sent as it is. */
const planTtlMs = 60_000
const planKey = (request: SendRequest) => JSON.stringify([request.network.caipNetworkId, request.connectorId, request.from, request.to, request.amount, request.token ?? ''])
const hexSignature = /^0x(?:[0-9a-fA-F]{2}){64,66}$/
const signedExtrinsic = /^0x(?:[0-9a-fA-F]{2}){100,1048576}$/

const prefixOf = (network: Network | undefined): number => (network as { polkadot?: { ss58Prefix?: number } } | undefined)?.polkadot?.ss58Prefix ?? 42
const genesisOf = (network: Network): string | undefined => {
  const hash = (network as { polkadot?: { genesisHash?: unknown } }).polkadot?.genesisHash
  return typeof hash === 'string' ? hash.toLowerCase() : undefined
}
/** Whether an account may be used on `network`: not pinned to a chain, pinned to this one, or the network's genesis is unknown. */
const usableOn = (account: InjectedAccount, network: Network): boolean => {
  const pinned = typeof account.genesisHash === 'string' && account.genesisHash !== '' ? account.genesisHash.toLowerCase() : undefined
  const genesis = genesisOf(network)
  return !pinned || !genesis || pinned === genesis
}

function walletError(error: unknown): ProviderRpcError {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'The extension failed'
  // Extensions say no in their own words ("Cancelled", "Rejected by user"): a refusal reads the same for every wallet.
  if (rejection.test(message) || (error as { code?: unknown } | null)?.code === 4001) return new ProviderRpcError({ code: 4001, message: 'User rejected the request.' })
  return new ProviderRpcError({ code: -32603, message: message.slice(0, 300) })
}

type Active = { wallet: DiscoveredPolkadotWallet; extension: InjectedExtension; accounts: InjectedAccount[]; network: Network; stop?: () => void }

/**
 * The polkadot plugin's `setup`, loaded with the kernel (`polkadot().load()`): `window.injectedWeb3` discovery,
 * the connection hooks, the signers (extension or channel), the taps of every hook it answers,
 * address validation, explorer links and the sign-in verifier.
 *
 * @example
 * const dispose = setupPolkadot(context, {}, {})
 */
export function setupPolkadot(portico: PluginContext, options: PolkadotOptions, environment: PolkadotEnvironment): Disposer {
  const root = environment.window ?? (typeof window === 'undefined' ? undefined : window)
  const fetchFn = environment.fetch
  const WebSocketClass = environment.WebSocket
  let active: Active | undefined
  /** The last plan whose fee the review showed: the send signs exactly that transaction. */
  let planned: { key: string; at: number; plan: PolkadotTransferPlan } | undefined
  /** Where each submitted extrinsic's follow starts (the block it was built at). */
  const submittedAt = new Map<string, number>()
  const appName = () => options.appName ?? portico.options.metadata?.name ?? (typeof location === 'undefined' ? 'Portico' : location.host)
  const find = (id: string) => listPolkadotWallets(root).find((w) => w.id === id)
  const networkFor = (requested: Network | undefined) => requested ?? portico.stores.networks.activeOf(namespace) ?? portico.stores.networks.networksOf(namespace)[0]
  /**
   * The visitor's accounts as this network shows them (the extension's own encodings kept for
   * signing): an account the extension pins to another chain (its `genesisHash`, as a Ledger
   * account or "use on this chain only" is) is left out, as `@polkadot/extension-dapp`'s
   * `web3Accounts({ genesisHash })` leaves it out.
   */
  const shown = (accounts: InjectedAccount[], network: Network) =>
    accounts.filter((a) => usableOn(a, network)).flatMap((a) => {
      const decoded = decodeSs58(a.address)
      const name = typeof a.name === 'string' ? a.name : undefined
      return decoded ? [{ address: encodeSs58(decoded.publicKey, prefixOf(network)), original: a.address, ...(name ? { name } : {}) }] : []
    })
  const usable = (accounts: unknown): InjectedAccount[] =>
    (Array.isArray(accounts) ? accounts : []).filter((a): a is InjectedAccount => typeof a?.address === 'string' && a.type !== 'ethereum' && decodeSs58(a.address) !== undefined).slice(0, 50)

  async function connectWallet(wallet: DiscoveredPolkadotWallet, requested: Network | undefined, silent: boolean): Promise<ConnectResult | undefined> {
    const network = networkFor(requested)
    if (!network) throw new ProviderRpcError({ code: 4901, message: 'No Polkadot network is configured' })
    let extension: InjectedExtension
    let accounts: InjectedAccount[]
    try {
      extension = await wallet.entry.enable(appName())
      accounts = usable(await extension.accounts.get())
    } catch (error) {
      if (silent) return undefined
      throw walletError(error)
    }
    if (accounts.length === 0) {
      if (silent) return undefined
      throw new ProviderRpcError({ code: 4100, message: `${wallet.name} shared no Polkadot account` })
    }
    if (shown(accounts, network).length === 0) {
      if (silent) return undefined
      throw new ProviderRpcError({ code: 4100, message: `${wallet.name} shared no account usable on ${network.name}: each is pinned to another chain` })
    }
    active?.stop?.()
    active = { wallet, extension, accounts, network }
    follow(active)
    return { connectorId: wallet.id, accounts: shown(accounts, network).map((a) => ({ address: a.address, type: 'eoa' as const, ...(a.name ? { name: a.name } : {}) })), caipNetworkId: network.caipNetworkId }
  }

  /** The extension's own account changes: another selection, or none (the site was disconnected there). */
  function follow(current: Active) {
    try {
      const stop = current.extension.accounts.subscribe?.((accounts) => {
        if (active !== current) return
        current.accounts = usable(accounts)
        try {
          portico.reportAccountsChanged(namespace, shown(current.accounts, current.network).map((a) => ({ address: a.address, type: 'eoa' as const, ...(a.name ? { name: a.name } : {}) })))
        } catch (error) {
          portico.reportError(error, { namespace, action: 'walletEvent' })
        }
      })
      current.stop = typeof stop === 'function' ? (stop as () => void) : undefined
    } catch (error) {
      portico.reportError(error, { namespace, action: 'walletEvent' })
    }
  }

  /** The extension's account a shown address stands for (its own encoding, which its signer knows). */
  const originalOf = (current: Active, address: string) => {
    const key = decodeSs58(address)?.publicKey
    return current.accounts.find((a) => {
      const decoded = decodeSs58(a.address)
      return decoded && key && decoded.publicKey.every((b, i) => b === key[i])
    })
  }
  /**
   * Who signs for `connectorId` and `address`: the injected extension's signer, or the connection's
   * channel (WalletConnect: `polkadot_signTransaction` / `polkadot_signMessage`).
   */
  const signerFor = (connectorId: string, address: string, chainId: string): { address: string; signPayload: SignPayload; signRaw: SignRaw } | undefined => {
    if (active && active.wallet.id === connectorId) {
      const current = active
      const original = originalOf(current, address)
      if (!original) throw new ProviderRpcError({ code: 4100, message: 'The extension did not share this account' })
      const signer = current.extension.signer
      const cannot = (what: string) => new ProviderRpcError({ code: 4200, message: `${current.wallet.name} cannot sign ${what}` })
      return {
        address: original.address,
        signPayload: async (payload) => {
          if (typeof signer?.signPayload !== 'function') throw cannot('transactions')
          try {
            return (await signer.signPayload.call(signer, payload as unknown as Record<string, unknown>)) as Awaited<ReturnType<SignPayload>>
          } catch (error) {
            throw walletError(error)
          }
        },
        signRaw: async (payload) => {
          if (typeof signer?.signRaw !== 'function') throw cannot('messages')
          try {
            return (await signer.signRaw.call(signer, payload)) as Awaited<ReturnType<SignRaw>>
          } catch (error) {
            throw walletError(error)
          }
        },
      }
    }
    if (portico.channel(namespace)?.connectorId !== connectorId) return undefined
    const caipChainId = chainId as Network['caipNetworkId']
    return {
      address,
      signPayload: async (transactionPayload) => {
        const answer = (await portico.request({ namespace, chainId: caipChainId, method: 'polkadot_signTransaction', params: { address, transactionPayload } })) as { signature?: unknown; signedTransaction?: unknown } | null
        if (typeof answer?.signature !== 'string' || !hexSignature.test(answer.signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
        // A wallet that changed the payload (a Ledger enabling CheckMetadataHash) answers the extrinsic it signed, as extensions do.
        const signed = typeof answer.signedTransaction === 'string' && signedExtrinsic.test(answer.signedTransaction) ? answer.signedTransaction : undefined
        return { signature: answer.signature, ...(signed ? { signedTransaction: signed } : {}) }
      },
      signRaw: async ({ data }) => {
        const answer = (await portico.request({ namespace, chainId: caipChainId, method: 'polkadot_signMessage', params: { address, message: data } })) as { signature?: unknown } | null
        if (typeof answer?.signature !== 'string' || !hexSignature.test(answer.signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
        return { id: 0, signature: answer.signature as `0x${string}` }
      },
    }
  }
  /**
   * Answers `polkadot_signTransaction { address, transactionPayload }` and `polkadot_signMessage
   * { address, message }` (Reown's Polkadot RPC reference) with the extension's `signPayload` /
   * `signRaw`, as the WalletConnect wallet page answers them: `{ signature }`. A payload for another
   * chain than the request's, or a request for another network than the connection's, is refused
   * before the extension is asked.
   */
  async function answerOwnRequest(current: Active, request: WalletRequest): Promise<{ signature: string }> {
    if (request.method !== 'polkadot_signTransaction' && request.method !== 'polkadot_signMessage') throw new ProviderRpcError({ code: 4200, message: `${current.wallet.name} does not support ${String(request.method).slice(0, 60)}` })
    if (request.chainId !== current.network.caipNetworkId) throw new ChainNotSupportedError({ caipNetworkId: request.chainId, connected: current.network.caipNetworkId })
    const { address, transactionPayload, message } = (typeof request.params === 'object' && request.params !== null ? request.params : {}) as { address?: unknown; transactionPayload?: unknown; message?: unknown }
    if (typeof address !== 'string' || !decodeSs58(address)) throw new ProviderRpcError({ code: -32602, message: 'params.address must be an SS58 address' })
    const signer = signerFor(current.wallet.id, address, request.chainId)!
    let answer: { signature?: unknown }
    if (request.method === 'polkadot_signTransaction') {
      const payload = transactionPayload as { address?: unknown; genesisHash?: unknown } | null
      if (typeof payload !== 'object' || payload === null) throw new ProviderRpcError({ code: -32602, message: 'params.transactionPayload must be a SignerPayloadJSON' })
      if (typeof payload.genesisHash !== 'string' || `polkadot:${payload.genesisHash.slice(2, 34).toLowerCase()}` !== request.chainId) throw new ChainNotSupportedError({ caipNetworkId: String(payload.genesisHash).slice(0, 66), connected: request.chainId })
      // The extension matches the payload's address against its own accounts: its own spelling of it.
      answer = await signer.signPayload({ ...(payload as Parameters<SignPayload>[0]), address: signer.address })
    } else {
      if (typeof message !== 'string' || message.length > 2 * 1024 * 1024) throw new ProviderRpcError({ code: -32602, message: 'params.message must be a string' })
      const data = /^0x(?:[0-9a-fA-F]{2})*$/.test(message) ? message : toHex(new TextEncoder().encode(message))
      answer = await signer.signRaw({ address: signer.address, data, type: 'bytes' })
    }
    if (typeof answer?.signature !== 'string' || !hexSignature.test(answer.signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
    return { signature: answer.signature }
  }
  const takePlan = (request: SendRequest) => {
    const plan = planned?.key === planKey(request) && Date.now() - planned.at < planTtlMs ? planned.plan : undefined
    planned = undefined
    return plan
  }

  const adapter: ChainAdapter = {
    namespace,
    slip44: 354, // SLIP-44's coin type for Polkadot
    isAddress: (address) => {
      const connection = portico.stores.connections.get(namespace)
      const network = active?.network ?? (connection.caipNetworkId ? portico.stores.networks.find(connection.caipNetworkId) : undefined) ?? portico.stores.networks.activeOf(namespace)
      return isPolkadotAddress(address, network ? prefixOf(network) : undefined)
    },
    explorers: {
      address: (network, address) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/account/${address}` : undefined),
      transaction: (network, hash) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/extrinsic/${hash}` : undefined),
    },
    // Portico's built-in wallets of this namespace, loaded when a view first lists them.
    builtinWallets: async () => (await import('../../../wallets/byNamespace/polkadotWallets.js')).polkadotWallets(),
    signInVerifier: lazySignInVerifier('Polkadot', async () => (await loadPolkadotPeer(() => import('../actions/verifyPolkadotSignature.js'))).verifyPolkadotSignature),
    async discoverWallets(context) {
      for (const wallet of listPolkadotWallets(root)) context.add({ id: wallet.id, name: wallet.name, namespace, type: 'INJECTED', ...(wallet.icon ? { imageUrl: wallet.icon } : {}) })
    },
    async connect(request) {
      const wallet = find(request.connectorId)
      return wallet ? connectWallet(wallet, request.network, false) : undefined
    },
    async reconnect(request) {
      const deadline = Date.now() + (options.reconnectTimeoutMs ?? 1_500)
      let wallet = find(request.connectorId)
      while (!wallet && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        wallet = find(request.connectorId)
      }
      return wallet ? connectWallet(wallet, request.network, true) : undefined
    },
    async disconnect(request) {
      if (active?.wallet.id !== request.connectorId) return
      active.stop?.()
      active = undefined
    },
    // Substrate accounts are the same key on every network: moving re-encodes the address with the network's prefix.
    async switchNetwork(request) {
      if (!active || active.wallet.id !== request.connectorId) return undefined
      active.network = request.network
      // Every shared account again in this network's prefix; none (each pinned to another chain) ends the connection there.
      if (active.accounts.length > 0) queueMicrotask(() => portico.reportAccountsChanged(namespace, shown(active?.accounts ?? [], request.network).map((a) => ({ address: a.address, type: 'eoa' as const, ...(a.name ? { name: a.name } : {}) }))))
      return { caipNetworkId: request.network.caipNetworkId }
    },
    // `signRaw` of the message's UTF-8 bytes: the wallet signs them wrapped in `<Bytes>…</Bytes>`.
    async signMessage(request) {
      const signer = signerFor(request.connectorId, request.address, request.caipNetworkId)
      if (!signer) return undefined
      const data = `0x${Array.from(new TextEncoder().encode(request.message), (b) => b.toString(16).padStart(2, '0')).join('')}`
      const answer = await signer.signRaw({ address: signer.address, data, type: 'bytes' })
      if (typeof answer?.signature !== 'string' || !hexSignature.test(answer.signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { signature: answer.signature }
    },
    // The WalletConnect polkadot vocabulary for the extension this plugin holds (the site's signer,
    // `portico.request`): a channel's connection (WalletConnect) carries its own.
    async request(request) {
      if (!active || active.wallet.id !== request.connectorId) return undefined
      return { result: await answerOwnRequest(active, request) }
    },
    // The site's own transactions (`portico.getSigner('polkadot')`): its code loads when first asked for.
    async createSigner(context) {
      const { createPolkadotSigner } = await loadPolkadotPeer(() => import('../lazy/createPolkadotSigner.js'))
      return createPolkadotSigner(context)
    },
    // An extension signs for every account the visitor shared: the site may pick which one is active.
    async selectAccount(request) {
      if (active?.wallet.id === request.connectorId) return originalOf(active, request.address) ? true : undefined
      return portico.channel(namespace)?.connectorId === request.connectorId ? true : undefined
    },
    async fetchBalance(request) {
      const { fetchPolkadotBalance } = await loadPolkadotPeer(() => import('../actions/fetchPolkadotBalance.js'))
      return fetchPolkadotBalance({ network: request.network, address: request.address, fetch: fetchFn, WebSocket: WebSocketClass })
    },
    // The fee of the exact transaction, and the existential-deposit rule, before the wallet is asked.
    async estimateSendFee(request) {
      if (!signerFor(request.connectorId, request.from, request.network.caipNetworkId)) return undefined
      const { planPolkadotTransfer } = await loadPolkadotPeer(() => import('../actions/planPolkadotTransfer.js'))
      const plan = await planPolkadotTransfer({ request, fetch: fetchFn, WebSocket: WebSocketClass })
      planned = { key: planKey(request), at: Date.now(), plan }
      return { fee: formatDecimalUnits(plan.fee, request.network.nativeCurrency.decimals), symbol: request.network.nativeCurrency.symbol }
    },
    async send(request) {
      const signer = signerFor(request.connectorId, request.from, request.network.caipNetworkId)
      if (!signer) return undefined
      const [{ planPolkadotTransfer }, { sendPolkadotTransfer }] = await Promise.all([loadPolkadotPeer(() => import('../actions/planPolkadotTransfer.js')), loadPolkadotPeer(() => import('../actions/sendPolkadotTransfer.js'))])
      const plan = takePlan(request) ?? (await planPolkadotTransfer({ request, fetch: fetchFn, WebSocket: WebSocketClass }))
      const hash = await sendPolkadotTransfer({ network: request.network, plan, ...signer, fetch: fetchFn, WebSocket: WebSocketClass })
      submittedAt.set(hash, plan.atBlockNumber)
      return { hash }
    },
    async waitForTransaction(request) {
      const { waitForPolkadotTransaction } = await loadPolkadotPeer(() => import('../actions/waitForPolkadotTransaction.js'))
      const fromBlock = submittedAt.get(request.hash.toLowerCase())
      const status = await waitForPolkadotTransaction({ network: request.network, hash: request.hash, timeoutMs: options.confirmTimeoutMs || 60_000, fetch: fetchFn, WebSocket: WebSocketClass, ...(fromBlock !== undefined ? { fromBlock } : {}) })
      if (status !== 'pending') submittedAt.delete(request.hash.toLowerCase())
      return status === 'pending' ? undefined : { status }
    },
    dispose() {
      active?.stop?.()
      active = undefined
    },
  }
  return registerChainAdapter(portico, adapter)
}
