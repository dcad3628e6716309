import { ChainNotSupportedError, ProviderRpcError, registerChainAdapter, type ChainAdapter, type ConnectResult, type Network, type Disposer, type PluginContext } from '../../../kernel/kernel.js'
import { isStoredAccounts, lazySignInVerifier } from '../../../chain-kit/index.js'
import { createBitcoinWalletDiscovery, type BitcoinWalletRegistry } from '../discovery/createBitcoinWalletDiscovery.js'
import type { BitcoinWallet, BitcoinWalletAccount } from '../discovery/bitcoinWallet.js'
import { BitcoinWalletFeatureError } from '../errors.js'
import { addressNetworkOf } from '../utils/addressNetworkOf.js'
import { decodeBitcoinAddress, isBitcoinAddress, type BitcoinAddressNetwork } from '../utils/decodeBitcoinAddress.js'
import type { Bip122Environment, Bip122Options } from '../bip122.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

const namespace = 'bip122'

function explorerUrl(network: Network, path: string): string | undefined {
  const base = network.blockExplorers?.default.url.replace(/\/+$/, '')
  return base ? `${base}/${path}` : undefined
}

type Active = { wallet: BitcoinWallet; accounts: readonly BitcoinWalletAccount[] }

/** Where the accounts a wallet that prompts on every request (Leather) shared are kept, so a reload reconnects without opening it. */
const storageKey = 'bip122_accounts'
type StoredAccounts = { connectorId: string; accounts: BitcoinWalletAccount[] }
const isStoredBitcoinAccounts = (value: unknown): value is StoredAccounts =>
  isStoredAccounts(value, 'accounts', (a: BitcoinWalletAccount) => isBitcoinAddress(a?.address) && (a.purpose === 'payment' || a.purpose === 'ordinal') && (a.publicKey === undefined || (typeof a.publicKey === 'string' && /^[0-9a-fA-F]{64,66}$/.test(a.publicKey))))

/**
 * The bip122 plugin's `setup`, loaded with the kernel (`bip122().load()`): discovery of WBIP004, Unisat, Phantom, OKX and
 * Wallet Standard wallets, the connection hooks, the taps of every hook it answers, address
 * validation, explorer links, the sign-in verifier, WalletConnect's bip122 methods answered for the
 * wallets it holds, and the site's signer (loaded when first asked for).
 *
 * @example
 * const dispose = setupBip122(context, {}, {})
 */
export function setupBip122(portico: PluginContext, options: Bip122Options, environment: Bip122Environment): Disposer {
  const root = environment.root ?? (typeof window === 'undefined' ? undefined : window)
  const discovery = createBitcoinWalletDiscovery({ ...(root ? { root } : {}), ...(environment.wallets ? { registry: environment.wallets } : {}), ...(environment.satsConnect ? { satsConnect: environment.satsConnect } : {}) })
  const fetchFn = environment.fetch
  let active: Active | undefined
  let disposed = false

  // Wallet Standard wallets: the registry is loaded lazily so pages without such wallets pay nothing up front.
  if (!environment.wallets && root) {
    void import('@wallet-standard/app')
      .then(({ getWallets }) => {
        if (!disposed) discovery.attachRegistry(getWallets() as unknown as BitcoinWalletRegistry)
      })
      .catch((error: unknown) => portico.reportError(error, { namespace, action: 'discoverWallets' }))
  }
  const findWallet = (id: string) => discovery.get(id)

  const storage = portico.services.storage

  /** The wallet's accounts: asked for (a connect), or read again without a prompt (a reload; for a wallet that always prompts, the accounts it shared before). */
  async function accountsOf(wallet: BitcoinWallet, silent: boolean): Promise<BitcoinWalletAccount[] | undefined> {
    if (!silent) return wallet.connect()
    if (wallet.promptsOnConnect) {
      const kept = storage.get(storageKey, isStoredBitcoinAccounts)
      return kept?.connectorId === wallet.id ? kept.accounts : undefined
    }
    try {
      return await wallet.connect({ silent })
    } catch {
      return undefined // the wallet no longer allows the site (Xverse's -32002): no prompt on load
    }
  }

  async function connectWallet(wallet: BitcoinWallet, network: Network | undefined, silent: boolean): Promise<ConnectResult | undefined> {
    const listed = await accountsOf(wallet, silent)
    if (!listed) return undefined
    const accounts = listed.filter((a) => isBitcoinAddress(a.address))
    const payment = accounts.find((a) => a.purpose === 'payment') ?? accounts[0]
    if (!payment) {
      if (silent) return undefined
      throw new ProviderRpcError({ code: 4100, message: 'The wallet returned no Bitcoin account' })
    }
    const kind = decodeBitcoinAddress(payment.address)!.network
    const candidates = [network, portico.stores.networks.activeOf(namespace), ...portico.stores.networks.networksOf(namespace)].filter((n): n is Network => n !== undefined)
    const chosen = candidates.find((n) => addressNetworkOf(n) === kind)
    if (!chosen) throw new ProviderRpcError({ code: 4901, message: `${wallet.name} is on a Bitcoin network this site does not use (${kind})` })
    // Payment first: the account view shows it by default; ordinals follow.
    const ordered = [payment, ...accounts.filter((a) => a !== payment && decodeBitcoinAddress(a.address)?.network === kind)]
    active = { wallet, accounts: ordered }
    if (wallet.promptsOnConnect) storage.set(storageKey, { connectorId: wallet.id, accounts: ordered })
    follow(wallet, kind)
    return { connectorId: wallet.id, accounts: ordered.map((a) => ({ address: a.address, type: a.purpose })), caipNetworkId: chosen.caipNetworkId }
  }

  let stopFollowing: (() => void) | undefined
  /** Follows the wallet's own account changes (another account picked, the site disconnected there), payment first. */
  function follow(wallet: BitcoinWallet, kind: BitcoinAddressNetwork) {
    stopFollowing?.()
    stopFollowing = undefined
    try {
      stopFollowing = wallet.onAccountsChanged?.((listed) => {
        if (active?.wallet !== wallet) return
        const accounts = listed.filter((a) => decodeBitcoinAddress(a.address)?.network === kind)
        const payment = accounts.find((a) => a.purpose === 'payment') ?? accounts[0]
        const ordered = payment ? [payment, ...accounts.filter((a) => a !== payment)] : []
        active = ordered.length > 0 ? { wallet, accounts: ordered } : undefined
        try {
          portico.reportAccountsChanged(namespace, ordered.map((a) => ({ address: a.address, type: a.purpose })))
        } catch (error) {
          portico.reportError(error, { namespace, action: 'walletEvent' })
        }
        if (!active) {
          stopFollowing?.()
          stopFollowing = undefined
        }
      })
    } catch (error) {
      portico.reportError(error, { namespace, action: 'walletEvent' })
    }
  }

  const activeWallet = (connectorId: string) => (active?.wallet.id === connectorId ? active.wallet : undefined)

  const stopWatching = discovery.onChange(() => {
    void portico.discoverWallets(namespace)
  })

  const adapter: ChainAdapter = {
    namespace,
    slip44: 0, // SLIP-44's coin type for Bitcoin
    isAddress: isBitcoinAddress,
    explorers: {
      address: (network, address) => explorerUrl(network, `address/${address}`),
      transaction: (network, hash) => explorerUrl(network, `tx/${hash}`),
    },
    // Portico's built-in wallets of this namespace, loaded when a view first lists them.
    builtinWallets: async () => (await import('../../../wallets/byNamespace/bip122Wallets.js')).bip122Wallets(),
    signInVerifier: lazySignInVerifier('Bitcoin', async () => (await import('../actions/verifyBitcoinSignature.js')).verifyBitcoinSignature),
    async discoverWallets(context) {
      for (const wallet of discovery.wallets()) {
        context.add({ id: wallet.id, name: wallet.name, namespace, type: 'ANNOUNCED', ...(wallet.icon ? { imageUrl: wallet.icon } : {}) })
      }
    },
    async connect(request) {
      const wallet = findWallet(request.connectorId)
      return wallet ? connectWallet(wallet, request.network, false) : undefined
    },
    async reconnect(request) {
      const wallet = findWallet(request.connectorId) ?? (await discovery.waitFor(request.connectorId, options.reconnectTimeoutMs ?? 1_500))
      return wallet ? connectWallet(wallet, request.network, true) : undefined
    },
    async disconnect(request) {
      const wallet = activeWallet(request.connectorId) ?? findWallet(request.connectorId)
      active = undefined
      if (storage.get(storageKey, isStoredBitcoinAccounts)?.connectorId === request.connectorId) storage.remove(storageKey)
      stopFollowing?.()
      stopFollowing = undefined
      await wallet?.disconnect?.()
    },
    async switchNetwork(request) {
      // Bitcoin wallets' addresses encode their network: only a network of the same encoding is reachable without the wallet.
      const payment = active?.wallet.id === request.connectorId ? active.accounts[0] : undefined
      if (!payment || decodeBitcoinAddress(payment.address)?.network !== addressNetworkOf(request.network)) return undefined
      return { caipNetworkId: request.network.caipNetworkId }
    },
    async signMessage(request) {
      const wallet = activeWallet(request.connectorId)
      if (!wallet) {
        // Another connector's connection that carries requests (WalletConnect, …): `signMessage` over its channel.
        if (portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
        const answer = await portico.request({ namespace, chainId: request.caipNetworkId, method: 'signMessage', params: { account: request.address, address: request.address, message: request.message, protocol: 'bip322' } })
        const signature = (answer as { signature?: unknown } | null)?.signature
        if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2_000) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
        return { signature }
      }
      return wallet.signMessage({ address: request.address, message: request.message })
    },
    async fetchBalance(request) {
      const { fetchBitcoinBalance } = await import('../actions/esplora.js')
      const { confirmed, unconfirmed } = await fetchBitcoinBalance({ network: request.network, address: request.address, fetch: fetchFn })
      const total = confirmed + unconfirmed
      const whole = total / 100_000_000n
      const fraction = (total % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
      return { balance: fraction ? `${whole}.${fraction}` : `${whole}`, symbol: 'BTC', decimals: 8 }
    },
    async send(request) {
      const wallet = activeWallet(request.connectorId)
      if (!wallet) {
        if (portico.channel(namespace)?.connectorId !== request.connectorId) return undefined
        const { parseSats } = await import('../utils/parseSats.js')
        if (!decodeBitcoinAddress(request.to)) throw new ProviderRpcError({ code: -32602, message: 'Not a Bitcoin address' })
        const answer = await portico.request({ namespace, chainId: request.network.caipNetworkId, method: 'sendTransfer', params: { account: request.from, recipientAddress: request.to, amount: parseSats(request.amount).toString() } })
        const txid = (answer as { txid?: unknown } | null)?.txid
        if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction id' })
        return { hash: txid }
      }
      if (request.token) throw new BitcoinWalletFeatureError({ feature: 'token sends', wallet: wallet.name })
      const { sendBitcoin } = await import('../actions/sendBitcoin.js')
      const publicKey = active?.accounts.find((a) => a.address === request.from)?.publicKey
      const hash = await sendBitcoin({ wallet, network: request.network, from: request.from, to: request.to, amount: request.amount, tier: request.feeSpeed ?? options.feeTier ?? 'normal', fetch: fetchFn, ...(publicKey ? { publicKey } : {}) })
      return { hash }
    },
    // The fee of each tier (slow / normal / fast) for the PSBT this plugin builds, shown in the send review; a wallet that pays by itself (sendTransfer) sets its own fee.
    async estimateSendFee(request) {
      const wallet = activeWallet(request.connectorId)
      if (!wallet?.signPsbt || request.token) return undefined
      const { estimateBitcoinSendFee } = await import('../actions/sendBitcoin.js')
      const tier = request.feeSpeed ?? options.feeTier ?? 'normal'
      const estimate = await estimateBitcoinSendFee({ network: request.network, from: request.from, to: request.to, amount: request.amount, tier, fetch: fetchFn })
      return {
        fee: estimate.fee,
        symbol: 'BTC',
        speed: tier,
        speeds: estimate.tiers.map((t) => ({ speed: t.tier, fee: t.fee, detail: `${t.sats.toLocaleString('en-US')} sats` })),
      }
    },
    // WalletConnect's bip122 methods for the wallet this plugin holds, in its own dialect (the signer's path; `portico.request`).
    async request(request) {
      const wallet = activeWallet(request.connectorId)
      if (!wallet || !active) return undefined
      // The wallet's addresses encode their network: a request for a network of another encoding cannot be its.
      const network = portico.stores.networks.find(request.chainId)
      if (!network || addressNetworkOf(network) !== decodeBitcoinAddress(active.accounts[0]?.address)?.network) throw new ChainNotSupportedError({ caipNetworkId: request.chainId })
      const { answerBip122WalletRequest } = await import('../actions/answerBip122WalletRequest.js')
      return { result: await answerBip122WalletRequest({ wallet, accounts: active.accounts, method: request.method, params: request.params, network, tier: options.feeTier ?? 'normal', ...(fetchFn ? { fetch: fetchFn } : {}) }) }
    },
    // The site's own PSBTs, transfers and messages (`portico.getSigner('bip122')`): its code loads when a site first asks for it.
    createSigner: async (context) => (await import('../signer/createBip122Signer.js')).createBip122Signer(context, { feeTier: options.feeTier ?? 'normal', ...(fetchFn ? { fetch: fetchFn } : {}) }),
    async waitForTransaction(request) {
      const { waitForBitcoinTransaction } = await import('../actions/waitForBitcoinTransaction.js')
      return waitForBitcoinTransaction({ network: request.network, txid: request.hash, timeoutMs: options.confirmTimeoutMs ?? 600_000, fetch: fetchFn })
    },
    dispose() {
      disposed = true
      stopWatching()
      stopFollowing?.()
      active = undefined
      discovery.dispose()
    },
  }
  return registerChainAdapter(portico, adapter)
}
