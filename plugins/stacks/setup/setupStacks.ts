import { ChainNotSupportedError, ProviderRpcError, type CaipNetworkId, type ConnectResult, type Network, type Disposer, type PluginContext, type SendRequest, registerChainAdapter, type ChainAdapter } from '../../../kernel/kernel.js'
import { isStoredAccounts, lazySignInVerifier } from '../../../chain-kit/index.js'
import type { StacksTokenTransferPlan, StacksTransferPlan } from '../actions/planStacksTransfer.js'
import { callStacksWallet, createStacksWalletDiscovery, defaultStacksWallets, type DiscoveredStacksWallet } from '../discovery/createStacksWalletDiscovery.js'
import { decodeStacksAddress } from '../utils/decodeStacksAddress.js'
import { formatStacksUnits } from '../utils/formatStacksUnits.js'
import { isStacksAddress } from '../utils/isStacksAddress.js'
import type { StacksAddressNetwork } from '../utils/stacksAddressVersions.js'
import { stacksDataOf } from '../utils/stacksDataOf.js'
import { stacksWalletParams } from '../utils/stacksWalletParams.js'
import type { StacksEnvironment, StacksOptions } from '../stacks.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

const namespace = 'stacks'
/** Where the addresses a wallet shared are kept, so a reload reconnects without asking it again (as `@stacks/connect` does). */
const storageKey = 'stacks_accounts'
type StoredAccounts = { connectorId: string; addresses: { address: string; publicKey?: string }[] }
const isStoredStacksAccounts = (value: unknown): value is StoredAccounts =>
  isStoredAccounts(value, 'addresses', (a: StoredAccounts['addresses'][number]) => isStacksAddress(a?.address) && (a.publicKey === undefined || (typeof a.publicKey === 'string' && /^[0-9a-fA-F]{66}$/.test(a.publicKey))))
const signaturePattern = /^(0x)?[0-9a-fA-F]{130}$/
const txidPattern = /^(0x)?[0-9a-fA-F]{64}$/
/** How long a plan shown in the send review (its fee) is sent as it is. */
const planTtlMs = 60_000
const planKey = (request: SendRequest) => JSON.stringify([request.network.caipNetworkId, request.connectorId, request.from, request.to, request.amount, request.token ?? '', request.decimals ?? '', request.feeSpeed ?? '', request.memo ?? ''])

/** The Stacks addresses in a SIP-030 `getAddresses` answer (`{ addresses: [{ address, publicKey?, symbol? }] }`), valid ones only. */
function stacksAddressesOf(result: unknown): { address: string; publicKey?: string }[] {
  const list = (result as { addresses?: unknown } | null)?.addresses ?? result
  if (!Array.isArray(list)) return []
  return list.slice(0, 50).flatMap((entry: { address?: unknown; publicKey?: unknown; symbol?: unknown }) => {
    if (typeof entry !== 'object' || entry === null || !isStacksAddress(entry.address)) return []
    if (entry.symbol !== undefined && entry.symbol !== 'STX') return []
    return [{ address: entry.address, ...(typeof entry.publicKey === 'string' && /^[0-9a-fA-F]{66}$/.test(entry.publicKey) ? { publicKey: entry.publicKey } : {}) }]
  })
}
const pick = (addresses: readonly { address: string }[], network: StacksAddressNetwork) => addresses.find((a) => decodeStacksAddress(a.address)?.network === network)?.address

/**
 * The stacks plugin's `setup`, loaded with the kernel (`stacks().load()`): SIP-030 discovery, the connection
 * hooks with the stored addresses, the taps of every hook it answers, address validation,
 * explorer links and the sign-in verifier.
 *
 * @example
 * const dispose = setupStacks(context, {}, {})
 */
export function setupStacks(portico: PluginContext, options: StacksOptions, environment: StacksEnvironment): Disposer {
  const target = environment.window ?? (typeof window === 'undefined' ? undefined : (window as unknown as EventTarget & Record<string, unknown>))
  const discovery = createStacksWalletDiscovery(target, [...(options.wallets ?? []), ...defaultStacksWallets])
  const fetchFn = environment.fetch
  const storage = portico.services.storage
  let active: { wallet: DiscoveredStacksWallet; network: Network; address: string; addresses: { address: string; publicKey?: string }[] } | undefined
  let stopListening: (() => void) | undefined
  let planned: { key: string; at: number; plan: StacksTransferPlan | StacksTokenTransferPlan } | undefined

  const networkOf = (caipNetworkId: string) => portico.stores.networks.networksOf(namespace).find((n) => n.caipNetworkId === caipNetworkId)
  const runReport = (report: () => void) => {
    try {
      report()
    } catch (error) {
      portico.reportError(error, { namespace, action: 'walletEvent' })
    }
  }

  /**
   * Asks the wallet for its addresses: Xverse with `wallet_connect` for its Stacks address (which also
   * grants the site read access; its `getAddresses` refuses a site without it), others with
   * `getAddresses`, or `stx_getAddresses` for wallets without it.
   */
  async function askAddresses(wallet: DiscoveredStacksWallet, network: Network) {
    if (wallet.dialect === 'satsConnect') return stacksAddressesOf(await callStacksWallet(wallet.provider, 'wallet_connect', { addresses: ['stacks'] }, wallet.dialect))
    const params = { network: stacksDataOf(network).walletNetwork }
    try {
      return stacksAddressesOf(await callStacksWallet(wallet.provider, 'getAddresses', params))
    } catch (error) {
      if ((error as ProviderRpcError).code !== -32601) throw error
      return stacksAddressesOf(await callStacksWallet(wallet.provider, 'stx_getAddresses', params))
    }
  }

  /** Follows the wallet's own account changes and disconnects (Xverse-style `addListener`). */
  function listen(wallet: DiscoveredStacksWallet) {
    stopListening?.()
    stopListening = undefined
    const addListener = wallet.provider.addListener
    if (typeof addListener !== 'function') return
    const removers: unknown[] = []
    try {
      removers.push(
        addListener.call(wallet.provider, {
          eventName: 'accountChange',
          cb: (event: unknown) => {
            const current = active
            if (!current || current.wallet !== wallet) return
            const addresses = stacksAddressesOf(event)
            const next = pick(addresses, stacksDataOf(current.network).addressNetwork)
            if (!next || next === current.address) return
            current.address = next
            current.addresses = addresses
            storage.set(storageKey, { connectorId: wallet.id, addresses })
            runReport(() => portico.reportAccountsChanged(namespace, [next]))
          },
        }),
        addListener.call(wallet.provider, {
          eventName: 'disconnect',
          cb: () => {
            if (active?.wallet !== wallet) return
            active = undefined
            storage.remove(storageKey)
            runReport(() => portico.reportDisconnected(namespace))
          },
        }),
      )
    } catch {
      return
    }
    stopListening = () => {
      for (const remove of removers) if (typeof remove === 'function') (remove as () => void)()
    }
  }

  async function connectWallet(wallet: DiscoveredStacksWallet, requested: Network | undefined, silent: boolean): Promise<ConnectResult | undefined> {
    const network = requested ?? portico.stores.networks.activeOf(namespace) ?? portico.stores.networks.networksOf(namespace)[0]
    if (!network) throw new ProviderRpcError({ code: 4901, message: 'No Stacks network is configured' })
    const { addressNetwork } = stacksDataOf(network)
    let addresses: { address: string; publicKey?: string }[]
    if (silent) {
      // A reload: the addresses the wallet shared before, without asking it again (SIP-030 has no silent call).
      const stored = storage.get(storageKey, isStoredStacksAccounts)
      if (!stored || stored.connectorId !== wallet.id) return undefined
      addresses = stored.addresses
    } else {
      addresses = await askAddresses(wallet, network)
    }
    const address = pick(addresses, addressNetwork)
    if (!address) {
      if (silent) return undefined
      throw new ProviderRpcError({ code: 4100, message: `${wallet.name} shared no ${addressNetwork} Stacks address` })
    }
    storage.set(storageKey, { connectorId: wallet.id, addresses })
    active = { wallet, network, address, addresses }
    listen(wallet)
    return { connectorId: wallet.id, accounts: [{ address, type: 'eoa' as const }], caipNetworkId: network.caipNetworkId as CaipNetworkId }
  }

  portico.hooks.networkChanged.tap(namespace, (event) => {
    if (event.namespace !== namespace || !active || active.network.caipNetworkId !== event.network.caipNetworkId) return
    const connection = portico.stores.connections.get(namespace)
    if (connection.status === 'connected' && connection.accounts[0]?.address !== active.address) {
      const address = active.address
      runReport(() => portico.reportAccountsChanged(namespace, [address]))
    }
  })

  const ours = (request: SendRequest) => (active && active.wallet.id === request.connectorId && active.address === request.from) || portico.channel(namespace)?.connectorId === request.connectorId
  async function plan(request: SendRequest): Promise<StacksTransferPlan | StacksTokenTransferPlan> {
    const { planStacksTransfer, planStacksTokenTransfer } = await import('../actions/planStacksTransfer.js')
    const common = { network: request.network, from: request.from, to: request.to, amount: request.amount, ...(request.memo ? { memo: request.memo } : {}), ...(request.feeSpeed ? { feeSpeed: request.feeSpeed } : {}), ...(fetchFn ? { fetch: fetchFn } : {}) }
    // A SIP-010 token: its decimals come with the request (the balance list), 0 when unknown.
    if (request.token) return planStacksTokenTransfer({ ...common, token: request.token, decimals: request.decimals ?? 0 })
    return planStacksTransfer(common)
  }

  // Wallets injected late still appear.
  const stopWatching = discovery.onChange(() => {
    void portico.discoverWallets(namespace)
  })

  const explorerUrl = (network: Network, path: string) => {
    const base = network.blockExplorers?.default.url.replace(/\/+$/, '')
    return base ? `${base}/${path}${stacksDataOf(network).explorerQuery ?? ''}` : undefined
  }
  const adapter: ChainAdapter = {
    namespace,
    slip44: 5757, // SLIP-44's coin type for Stacks
    isAddress: (address) => {
      const connection = portico.stores.connections.get(namespace)
      const network = active?.network ?? (connection.caipNetworkId ? networkOf(connection.caipNetworkId) : undefined) ?? portico.stores.networks.activeOf(namespace)
      return isStacksAddress(address, network ? stacksDataOf(network).addressNetwork : undefined)
    },
    explorers: {
      address: (network, address) => explorerUrl(network, `address/${address}`),
      transaction: (network, hash) => explorerUrl(network, `txid/${hash.startsWith('0x') ? hash : `0x${hash}`}`),
    },
    // Portico's built-in wallets of this namespace, loaded when a view first lists them.
    builtinWallets: async () => (await import('../../../wallets/byNamespace/stacksWallets.js')).stacksWallets(),
    signInVerifier: lazySignInVerifier('Stacks', async () => (await import('../actions/verifyStacksMessageSignature.js')).verifyStacksMessageSignature),
    async discoverWallets(context) {
      for (const wallet of discovery.wallets()) context.add({ id: wallet.id, name: wallet.name, namespace, type: 'INJECTED', ...(wallet.icon ? { imageUrl: wallet.icon } : {}) })
    },
    async connect(request) {
      const wallet = discovery.get(request.connectorId)
      return wallet ? connectWallet(wallet, request.network, false) : undefined
    },
    async reconnect(request) {
      const wallet = await discovery.waitFor(request.connectorId, options.reconnectTimeoutMs ?? 1_500)
      return wallet ? connectWallet(wallet, request.network, true) : undefined
    },
    async disconnect(request) {
      if (active && active.wallet.id !== request.connectorId) return
      active = undefined
      stopListening?.()
      stopListening = undefined
      storage.remove(storageKey)
    },
    // Stacks wallets have no network switch: the address's version gives the network. A network of
    // the same kind is reached at once; the other kind asks the wallet for its addresses there.
    async switchNetwork(request) {
      const current = active
      if (!current || current.wallet.id !== request.connectorId) return undefined
      const { addressNetwork } = stacksDataOf(request.network)
      let address = pick(current.addresses, addressNetwork)
      let addresses = current.addresses
      if (!address) {
        addresses = await askAddresses(current.wallet, request.network)
        address = pick(addresses, addressNetwork)
        if (!address) throw new ProviderRpcError({ code: 4100, message: `${current.wallet.name} shared no ${addressNetwork} Stacks address` })
        storage.set(storageKey, { connectorId: current.wallet.id, addresses })
      }
      active = { ...current, network: request.network, address, addresses }
      return { caipNetworkId: request.network.caipNetworkId }
    },
    async signMessage(request) {
      let answer: unknown
      const network = networkOf(request.caipNetworkId)
      if (active && active.wallet.id === request.connectorId && active.address === request.address) {
        answer = await callStacksWallet(active.wallet.provider, 'stx_signMessage', { message: request.message, ...(network ? { network: stacksDataOf(network).walletNetwork } : {}) }, active.wallet.dialect)
      } else {
        // Over another connector's channel (WalletConnect): the namespace's stx_signMessage.
        if (portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
        answer = await portico.request({ namespace, chainId: request.caipNetworkId, method: 'stx_signMessage', params: { address: request.address, message: request.message } })
      }
      const signature = (answer as { signature?: unknown } | null)?.signature
      if (typeof signature !== 'string' || !signaturePattern.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { signature: signature.replace(/^0x/, '').toLowerCase() }
    },
    // A request in the WalletConnect `stacks` vocabulary (the signer's, `portico.request`) for the SIP-030 wallet this plugin
    // holds, in that wallet's dialect; another connector's connection (WalletConnect) carries its own.
    async request(request) {
      const current = active
      if (!current || current.wallet.id !== request.connectorId) return undefined
      // An injected Stacks wallet has no network of its own: the connection's is the one it signs for.
      if (request.chainId !== current.network.caipNetworkId) throw new ChainNotSupportedError({ caipNetworkId: request.chainId, connected: current.network.caipNetworkId })
      const { dialect, provider } = current.wallet
      return { result: await callStacksWallet(provider, request.method, stacksWalletParams(dialect, request.method, request.params), dialect) }
    },
    // The site's own transactions (`portico.getSigner('stacks')`): the signer's code loads when a site first asks for it.
    createSigner: async (context) => (await import('../lazy/createStacksSigner.js')).createStacksSigner(context),
    async fetchBalance(request) {
      const { fetchStacksBalance } = await import('../actions/fetchStacksBalance.js')
      return fetchStacksBalance({ network: request.network, address: request.address, ...(fetchFn ? { fetch: fetchFn } : {}) })
    },
    // SIP-010 balances from the network's blockchain API, after the Portico blockchain API (stage 10): for chains it does not serve.
    async fetchTokenBalances(request) {
      if (!request.network) return undefined
      const { fetchStacksTokenBalances } = await import('../actions/fetchStacksTokenBalances.js')
      return fetchStacksTokenBalances({ network: request.network, address: request.address, ...(fetchFn ? { fetch: fetchFn } : {}) })
    },
    // The fee per speed from the node's estimator, shown in the send review before the wallet is asked.
    async estimateSendFee(request) {
      if (!ours(request)) return undefined
      const quote = await plan(request)
      planned = { key: planKey(request), at: Date.now(), plan: quote }
      const { decimals } = request.network.nativeCurrency
      return {
        fee: formatStacksUnits(quote.fee, decimals),
        symbol: request.network.nativeCurrency.symbol,
        speed: quote.speed,
        speeds: (['slow', 'normal', 'fast'] as const).map((speed) => ({ speed, fee: formatStacksUnits(quote.fees[speed], decimals), detail: `${quote.fees[speed].toLocaleString('en-US')} µSTX` })),
      }
    },
    async send(request) {
      if (!ours(request)) return undefined
      const reuse = planned?.key === planKey(request) && Date.now() - planned.at < planTtlMs ? planned.plan : undefined
      planned = undefined
      const quote = reuse ?? (await plan(request))
      const { walletNetwork } = stacksDataOf(request.network)
      const direct = active && active.wallet.id === request.connectorId && active.address === request.from
      let method: string
      let params: Record<string, unknown>
      const tokenPlan = 'contract' in quote ? (quote as StacksTokenTransferPlan) : undefined
      if (tokenPlan) {
        // SIP-010 `transfer (amount uint) (sender principal) (recipient principal) (memo (optional (buff 34)))`,
        // in deny mode with a post condition: the sender sends exactly this amount of the token. SIP-030
        // wallets take post conditions as hex (Leather's and Xverse's schemas are `string[]`).
        method = 'stx_callContract'
        params = {
          contract: tokenPlan.contract,
          functionName: 'transfer',
          functionArgs: tokenPlan.functionArgs,
          postConditionMode: 'deny',
          postConditions: [tokenPlan.postCondition],
          fee: String(tokenPlan.fee),
          network: walletNetwork,
        }
      } else {
        method = 'stx_transferStx'
        params = { recipient: request.to, amount: String(quote.ustx), ...(request.memo ? { memo: request.memo } : {}), fee: String(quote.fee), network: walletNetwork }
      }
      let answer: unknown
      if (direct && active) {
        answer = await callStacksWallet(active.wallet.provider, method, { ...params, address: request.from }, active.wallet.dialect)
      } else {
        answer = await portico.request({ namespace, chainId: request.network.caipNetworkId, method, params: { ...params, sender: request.from } })
      }
      const txid = (answer as { txid?: unknown } | null)?.txid
      if (typeof txid !== 'string' || !txidPattern.test(txid)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction id' })
      return { hash: `0x${txid.replace(/^0x/, '').toLowerCase()}` }
    },
    async waitForTransaction(request) {
      const { waitForStacksTransaction } = await import('../actions/waitForStacksTransaction.js')
      const outcome = await waitForStacksTransaction({ network: request.network, txid: request.hash, timeoutMs: options.confirmTimeoutMs || 120_000, ...(fetchFn ? { fetch: fetchFn } : {}) })
      return outcome.status === 'pending' ? undefined : { status: outcome.status }
    },
    dispose() {
      stopWatching()
      stopListening?.()
      active = undefined
      discovery.dispose()
    },
  }
  return registerChainAdapter(portico, adapter)
}
