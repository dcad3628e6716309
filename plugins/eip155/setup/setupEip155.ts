import { ChainNotSupportedError, ProviderRpcError, parseChainId, registerChainAdapter, toHexChainId, type CaipNetworkId, type ChainAdapter, type ConnectionAccount, type ConnectResult, type Disposer, type Network, type PluginContext } from '../../../kernel/kernel.js'
import { createRpcClient, type RpcClient } from '../actions/createRpcClient.js'
import { fetchNativeBalance } from '../actions/fetchNativeBalance.js'
import { estimateTransferFee } from '../actions/estimateTransferFee.js'
import { waitForReceipt } from '../actions/waitForReceipt.js'
import { sendTransfer } from '../actions/sendTransfer.js'
import { switchChain } from '../actions/switchChain.js'
import { createWalletDiscovery } from '../discovery/createWalletDiscovery.js'
import type { DiscoveredWallet, Eip1193Provider, Eip155Window } from '../discovery/Eip1193Provider.js'
import { isEvmAddress } from '../utils/isEvmAddress.js'
import { toChecksumAddress } from '../utils/toChecksumAddress.js'
import { toHexMessage } from '../utils/toHexMessage.js'
import { toRpcError } from '../utils/toRpcError.js'
import { toPendingRequestError } from '../utils/toPendingRequestError.js'
import type { Eip155Environment, Eip155Options } from '../eip155.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

const namespace = 'eip155'

/** A Safe found around the page (`portico/safe`): its connector's wallet and how to follow its transactions. */
type SafeConnection = { wallet: DiscoveredWallet; waitForExecution(safeTxHash: string): Promise<string>; dispose(): void }
/** What the safe plugin registers as its store: looks for a Safe host around a framed page. */
type SafeHost = { start(target: unknown, options: { chainIds: readonly number[] }): Promise<SafeConnection | undefined> }
/** What the calls plugin's store adds for EVM wallets (`portico/calls`): each shared account's type, from `wallet_getCapabilities`. */
type AccountTypes = { typedAccounts(wallet: Eip1193Provider, addresses: readonly string[]): Promise<ConnectionAccount[]> }

function toAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.filter((a): a is string => typeof a === 'string' && isEvmAddress(a)).map((a) => toChecksumAddress(a))
}

/**
 * The eip155 plugin's `setup`, loaded with the kernel (`eip155().load()`): wallet discovery, the
 * taps of every hook it answers, address validation, explorer links and the Safe host.
 *
 * @example
 * const dispose = setupEip155(context, {}, {})
 */
export function setupEip155(portico: PluginContext, options: Eip155Options, environment: Eip155Environment): Disposer {
  const target =
    environment.window === null
      ? undefined
      : (environment.window ?? (typeof window === 'undefined' ? undefined : (window as unknown as Eip155Window)))
  const discovery = createWalletDiscovery({
    target,
    eip6963: options.enableEIP6963 !== false,
    injected: options.enableInjected !== false,
  })
  let active: { wallet: DiscoveredWallet; detach: () => void } | undefined
  // The Safe around the page, when framed by one and the safe plugin is installed (docs/guides/smart-accounts.md §5).
  // Read once every plugin's setup has run, whatever their order.
  let safe: SafeConnection | undefined
  let disposed = false
  const framed = target !== undefined && 'parent' in target && target.parent !== null && target.parent !== undefined && target.parent !== target
  const safeFound: Promise<SafeConnection | undefined> =
    options.safe !== false && framed
      ? Promise.resolve()
          .then(() => portico.getStore<SafeHost>('safe')?.start(target, { chainIds: portico.stores.networks.networksOf(namespace).map((n) => Number(n.caipNetworkId.split(':')[1])) }))
          .catch(() => undefined)
      : Promise.resolve(undefined)
  const walletById = (id: string) => (safe && id === safe.wallet.id ? safe.wallet : discovery.get(id))

  // One RPC client per network (viem's transport: `fallback` with ranking over several URLs), for
  // balances and the `rpcRequest` tap; made on first use, again after a failed load.
  const rpcClients = new Map<string, Promise<RpcClient>>()
  /** Stops the clients' ranking pings when the plugin is torn down. */
  const rpcClientsStop = new AbortController()
  function rpcClient(network: Network): Promise<RpcClient> {
    let client = rpcClients.get(network.caipNetworkId)
    if (!client) {
      client = createRpcClient(network, { signal: rpcClientsStop.signal })
      rpcClients.set(network.caipNetworkId, client)
      client.catch(() => rpcClients.delete(network.caipNetworkId))
    }
    return client
  }

  /** The accounts with their types when the calls plugin is installed (smart accounts are its feature); else untyped (`eoa`). */
  function typedAccounts(provider: Eip1193Provider, addresses: string[]): Promise<ConnectionAccount[]> {
    return portico.getStore<AccountTypes>('calls')?.typedAccounts(provider, addresses) ?? Promise.resolve(addresses.map((address) => ({ address })))
  }

  function detach() {
    active?.detach()
    active = undefined
  }

  function attach(wallet: DiscoveredWallet) {
    if (active?.wallet.provider === wallet.provider) return
    detach()
    const { provider } = wallet
    let reported = 0
    // Each account's type comes from the wallet (wallet_getCapabilities, with portico/calls) before it is reported; a later event wins.
    const onAccounts = (accounts: unknown) => {
      const turn = ++reported
      void typedAccounts(provider, toAccounts(accounts)).then((typed) => {
        if (turn === reported) portico.reportAccountsChanged(namespace, typed, { connectorId: wallet.id })
      })
    }
    const onChain = (chainId: unknown) => {
      const id = parseChainId(chainId)
      if (id !== undefined) portico.reportChainChanged(namespace, `${namespace}:${id}`, { connectorId: wallet.id })
    }
    const onDisconnect = () => {
      detach()
      portico.reportDisconnected(namespace, { connectorId: wallet.id })
    }
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    active = {
      wallet,
      detach: () => {
        provider.removeListener?.('accountsChanged', onAccounts)
        provider.removeListener?.('chainChanged', onChain)
        provider.removeListener?.('disconnect', onDisconnect)
      },
    }
  }

  async function readConnection(wallet: DiscoveredWallet, method: 'eth_requestAccounts' | 'eth_accounts'): Promise<ConnectResult | undefined> {
    const accounts = toAccounts(await wallet.provider.request({ method }))
    if (accounts.length === 0) {
      if (method === 'eth_requestAccounts') throw new ProviderRpcError({ code: 4100, message: 'The wallet returned no account' })
      return undefined
    }
    const chainId = parseChainId(await wallet.provider.request({ method: 'eth_chainId' }))
    if (chainId === undefined) throw new ProviderRpcError({ code: -32603, message: 'The wallet answered eth_chainId with an invalid chain id' })
    attach(wallet)
    // A Safe is a smart account (it batches by MultiSend); any other wallet says which of its accounts can batch.
    const typed = wallet === safe?.wallet ? accounts.map((address) => ({ address, type: 'smartAccount' as const })) : await typedAccounts(wallet.provider, accounts)
    return { connectorId: wallet.id, accounts: typed, caipNetworkId: `${namespace}:${chainId}` }
  }

  function providerFor(connectorId: string) {
    if (active && active.wallet.id === connectorId) return active.wallet.provider
    return walletById(connectorId)?.provider
  }

  /**
   * A connection made by another connector (WalletConnect, …) that carries requests: an
   * EIP-1193 provider over its channel, for `chainId`. The same encoding serves both.
   */
  function channelProvider(connectorId: string, chainId: CaipNetworkId): Eip1193Provider | undefined {
    if (portico.channel(namespace)?.connectorId !== connectorId) return undefined
    return { request: ({ method, params }) => portico.request({ namespace, method, params, chainId }) }
  }

  /** Asks the wallet behind a channel to switch when it approved that; the connector then confirms the move. */
  async function switchOverChannel(connectorId: string, target: CaipNetworkId): Promise<void> {
    const channel = portico.channel(namespace)
    if (!channel || channel.connectorId !== connectorId) return
    if (channel.chains && !channel.chains.includes(target)) throw new ChainNotSupportedError({ caipNetworkId: target })
    const current = portico.stores.connections.get(namespace).caipNetworkId
    const from = current && (!channel.chains || channel.chains.includes(current)) ? current : target
    if (!channel.supports('wallet_switchEthereumChain', from)) return
    try {
      await portico.request({ namespace, chainId: from, method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(target) }] })
    } catch (error) {
      if (error instanceof ProviderRpcError && error.isUserRejection) throw error
      // The wallet cannot switch itself: within its approved chains the page moves on its own.
    }
  }

  const adapter: ChainAdapter = {
    namespace,
    slip44: 60, // SLIP-44's coin type for Ether
    isAddress: isEvmAddress,
    explorers: {
      address: (network, address) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/address/${address}` : undefined),
      transaction: (network, hash) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/tx/${hash}` : undefined),
    },
    // Portico's built-in EVM wallets (the Connect view's fallback, Get Wallet): only this namespace's,
    // loaded when a view first lists them (about 70 wallets: not in the setup chunk every page loads).
    builtinWallets: async () => (await import('../../../wallets/byNamespace/eip155Wallets.js')).eip155Wallets(),
    async discoverWallets(context) {
      discovery.request()
      for (const wallet of [...(safe ? [safe.wallet] : []), ...discovery.wallets()]) {
        context.add({
          id: wallet.id,
          name: wallet.name,
          namespace,
          type: wallet.type,
          ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
          ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
        })
      }
    },
    async connect(request) {
      const wallet = walletById(request.connectorId)
      if (!wallet) return undefined
      let connection: ConnectResult | undefined
      try {
        connection = await readConnection(wallet, 'eth_requestAccounts')
      } catch (error) {
        // An earlier request still open in the wallet is not the visitor saying no: say what to do.
        throw toPendingRequestError(error, wallet.name) ?? error
      }
      // The visitor chose a network before connecting: ask the wallet to move there. If they
      // decline, the connection stands on the wallet's own chain.
      if (connection && request.network && connection.caipNetworkId !== request.network.caipNetworkId) {
        try {
          await switchChain(wallet.provider, request.network)
          return { ...connection, caipNetworkId: request.network.caipNetworkId }
        } catch {
          return connection
        }
      }
      return connection
    },
    async reconnect(request) {
      const wallet = request.connectorId === 'safe' ? (await safeFound)?.wallet : await discovery.waitFor(request.connectorId, options.reconnectTimeoutMs ?? 1_500)
      if (!wallet) return undefined
      return readConnection(wallet, 'eth_accounts')
    },
    async disconnect(request) {
      const provider = providerFor(request.connectorId)
      if (!provider) return
      if (active?.wallet.id === request.connectorId) detach()
      try {
        await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch {
        // Many wallets have no revoke; forgetting the connection locally is what matters.
      }
    },
    async switchNetwork(request) {
      const provider = providerFor(request.connectorId)
      if (!provider) {
        await switchOverChannel(request.connectorId, request.network.caipNetworkId)
        return undefined
      }
      await switchChain(provider, request.network)
      return { caipNetworkId: request.network.caipNetworkId }
    },
    async signMessage(request) {
      const provider = providerFor(request.connectorId) ?? channelProvider(request.connectorId, request.caipNetworkId)
      if (!provider) return undefined
      const signature = await provider.request({ method: 'personal_sign', params: [toHexMessage(request.message), request.address] })
      // Room for ERC-1271 / ERC-6492 smart-account signatures, no more.
      if (typeof signature !== 'string' || !/^0x(?:[0-9a-fA-F]{2}){1,16384}$/.test(signature)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { signature }
    },
    // A raw request for the wallet this plugin holds (bridges such as portico/wagmi); a channel's connection carries its own.
    async request(request) {
      const provider = providerFor(request.connectorId)
      if (!provider) return undefined
      return { result: await provider.request({ method: request.method, ...(request.params === undefined ? {} : { params: request.params }) }) }
    },
    fetchBalance: async (request) => fetchNativeBalance(await rpcClient(request.network), request.network, request.address),
    // A node request another plugin needs (the calls plugin's receipts), through the same client.
    async rpcRequest({ network, method, params }) {
      const client = await rpcClient(network)
      try {
        return { result: await client.request({ method, ...(params === undefined ? {} : { params }) }) }
      } catch (error) {
        throw toRpcError(error)
      }
    },
    async waitForTransaction(request) {
      // A Safe's send returned a safeTxHash: wait for the owners to execute it, then for that transaction.
      const following = safe && portico.stores.connections.get(namespace).connectorId === safe.wallet.id ? await safe.waitForExecution(request.hash) : request.hash
      const result = await waitForReceipt(await rpcClient(request.network), following)
      // The toast then links to the transaction the chain knows, not the Safe's own hash.
      return following === request.hash ? result : { ...result, hash: following }
    },
    estimateSendFee: async (request) => estimateTransferFee(await rpcClient(request.network), request),
    async send(request) {
      const provider = providerFor(request.connectorId) ?? channelProvider(request.connectorId, request.network.caipNetworkId)
      if (!provider) return undefined
      const hash = await sendTransfer(provider, request)
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid transaction hash' })
      return { hash }
    },
    // A transaction another plugin built (a swap, an approval), sent by the wallet as it is.
    async sendTransaction(request) {
      const provider = providerFor(request.connectorId) ?? channelProvider(request.connectorId, request.network.caipNetworkId)
      if (!provider) return undefined
      const { to, data, value, gas } = request.transaction
      const hexOf = (units: string) => `0x${BigInt(units).toString(16)}`
      const hash = await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: request.from, to, ...(data ? { data } : {}), ...(value ? { value: hexOf(value) } : {}), ...(gas ? { gas: hexOf(gas) } : {}) }],
      })
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid transaction hash' })
      return { hash }
    },
    // An EVM wallet signs for any account it shared when asked with `from`: the site may make another one active.
    selectAccount: async () => true,
    // The site's own transactions (`portico.getSigner('eip155')`): its code loads when a site first asks for it.
    async createSigner(context) {
      const { createEip155Signer } = await import('../lazy/createEip155Signer.js')
      return createEip155Signer(context)
    },
    dispose() {
      disposed = true
      rpcClientsStop.abort()
      safe?.dispose()
      stopWatching()
      detach()
      discovery.dispose()
    },
  }
  const disposeAdapter = registerChainAdapter(portico, adapter)

  // Wallets that announce themselves late still appear.
  const stopWatching = discovery.onChange(() => {
    void portico.discoverWallets(namespace)
  })
  discovery.request()
  // Framed by a Safe: offer it and connect it at once, with no prompt.
  void safeFound.then(async (found) => {
    if (!found || disposed) return found?.dispose()
    safe = found
    await portico.discoverWallets(namespace)
    if (portico.stores.connections.get(namespace).connectorId !== found.wallet.id) await portico.connect({ namespace, connectorId: found.wallet.id })
  }).catch(() => undefined)

  return disposeAdapter
}
