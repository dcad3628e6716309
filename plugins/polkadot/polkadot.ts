import { definePlugin, ProviderRpcError, version, type ConnectResult, type Network, type Plugin, type PluginContext } from '../../kernel/index.js'
import { type DiscoveredPolkadotWallet, type InjectedAccount, type InjectedExtension, listPolkadotWallets } from './discovery/createPolkadotWalletDiscovery.js'
import { meta } from './meta.js'
import { decodeSs58, encodeSs58, isPolkadotAddress } from './utils/ss58.js'

export type PolkadotOptions = {
  /** The name extensions show when asking to share accounts; default the site's metadata name, else its host. */
  appName?: string
  reconnectTimeoutMs?: number
}
/** Not options: what the plugin runs against (tests and non-browser hosts pass their own window). */
export type PolkadotEnvironment = { window?: object }

const namespace = 'polkadot'
const rejection = /reject|cancel|denied|not allowed/i

const prefixOf = (network: Network | undefined): number => (network as { polkadot?: { ss58Prefix?: number } } | undefined)?.polkadot?.ss58Prefix ?? 42

function walletError(error: unknown): ProviderRpcError {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'The extension failed'
  return new ProviderRpcError({ code: rejection.test(message) ? 4001 : -32603, message: message.slice(0, 300) })
}

type Active = { wallet: DiscoveredPolkadotWallet; extension: InjectedExtension; accounts: InjectedAccount[]; network: Network; stop?: () => void }

/**
 * The polkadot chain plugin: discovery of every extension in `window.injectedWeb3` (read
 * directly), connect and silent reconnect with the accounts the visitor shares (ethereum-type
 * accounts left out), SS58 addresses re-encoded for the network's prefix, the extension's account
 * changes followed, message signing with `signRaw` and a sign-in verifier (sr25519, ed25519,
 * ecdsa). Built only on Portico's public plugin API.
 *
 * @example
 * import { polkadot, polkadotMainnet } from 'portico/polkadot'
 * createPortico({ networks: [polkadotMainnet], plugins: [polkadot()] })
 */
export function polkadot(options: PolkadotOptions = {}, environment: PolkadotEnvironment = {}): Plugin<PluginContext> {
  return definePlugin({
    name: namespace,
    kind: 'chain',
    namespace,
    version,
    meta,
    messages: { [`${namespace}.chainName`]: 'Polkadot' },
    options,
    setup(portico) {
      const root = environment.window ?? (typeof window === 'undefined' ? undefined : window)
      let active: Active | undefined
      const appName = () => options.appName ?? portico.options.metadata?.name ?? (typeof location === 'undefined' ? 'Portico' : location.host)
      const find = (id: string) => listPolkadotWallets(root).find((w) => w.id === id)
      const networkFor = (requested: Network | undefined) => requested ?? portico.stores.networks.activeOf(namespace) ?? portico.stores.networks.networksOf(namespace)[0]
      /** The visitor's accounts as this network shows them (the extension's own encodings kept for signing). */
      const shown = (accounts: InjectedAccount[], network: Network) =>
        accounts.flatMap((a) => {
          const decoded = decodeSs58(a.address)
          return decoded ? [{ address: encodeSs58(decoded.publicKey, prefixOf(network)), original: a.address }] : []
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
        active?.stop?.()
        active = { wallet, extension, accounts, network }
        follow(active)
        return { connectorId: wallet.id, accounts: shown(accounts, network).map((a) => ({ address: a.address, type: 'eoa' as const })), caipNetworkId: network.caipNetworkId }
      }

      /** The extension's own account changes: another selection, or none (the site was disconnected there). */
      function follow(current: Active) {
        try {
          const stop = current.extension.accounts.subscribe?.((accounts) => {
            if (active !== current) return
            current.accounts = usable(accounts)
            try {
              portico.reportAccountsChanged(namespace, shown(current.accounts, current.network).map((a) => a.address))
            } catch (error) {
              portico.reportError(error, { namespace, action: 'walletEvent' })
            }
          })
          current.stop = typeof stop === 'function' ? (stop as () => void) : undefined
        } catch (error) {
          portico.reportError(error, { namespace, action: 'walletEvent' })
        }
      }

      portico.addressValidators.register(namespace, (address) => {
        const connection = portico.stores.connections.get(namespace)
        const network = active?.network ?? (connection.caipNetworkId ? portico.stores.networks.find(connection.caipNetworkId) : undefined) ?? portico.stores.networks.activeOf(namespace)
        return isPolkadotAddress(address, network ? prefixOf(network) : undefined)
      })
      portico.explorers.register(namespace, {
        address: (network, address) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/account/${address}` : undefined),
        transaction: (network, hash) => (network.blockExplorers ? `${network.blockExplorers.default.url.replace(/\/+$/, '')}/extrinsic/${hash}` : undefined),
      })
      portico.signInVerifiers.register(namespace, {
        label: 'Polkadot',
        async verify({ message, signature, address }) {
          const { verifyPolkadotSignature } = await import('./actions/verifyPolkadotSignature.js')
          return verifyPolkadotSignature({ message, signature, address })
        },
      })

      const { hooks } = portico
      hooks.discoverWallets.for(namespace).tapPromise(namespace, async (context) => {
        for (const wallet of listPolkadotWallets(root)) context.add({ id: wallet.id, name: wallet.name, namespace, type: 'INJECTED' })
      })
      hooks.connect.for(namespace).tapPromise(namespace, async (request) => {
        const wallet = find(request.connectorId)
        return wallet ? connectWallet(wallet, request.network, false) : undefined
      })
      hooks.reconnect.for(namespace).tapPromise(namespace, async (request) => {
        const deadline = Date.now() + (options.reconnectTimeoutMs ?? 1_500)
        let wallet = find(request.connectorId)
        while (!wallet && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          wallet = find(request.connectorId)
        }
        return wallet ? connectWallet(wallet, request.network, true) : undefined
      })
      hooks.disconnect.for(namespace).tapPromise(namespace, async (request) => {
        if (active?.wallet.id !== request.connectorId) return
        active.stop?.()
        active = undefined
      })
      // Substrate accounts are the same key on every network: moving re-encodes the address with the network's prefix.
      hooks.switchNetwork.for(namespace).tapPromise(namespace, async (request) => {
        if (!active || active.wallet.id !== request.connectorId) return undefined
        active.network = request.network
        const first = shown(active.accounts, request.network)[0]
        if (first) queueMicrotask(() => portico.reportAccountsChanged(namespace, shown(active?.accounts ?? [], request.network).map((a) => a.address)))
        return { caipNetworkId: request.network.caipNetworkId }
      })
      hooks.signMessage.for(namespace).tapPromise(namespace, async (request) => {
        if (!active || active.wallet.id !== request.connectorId) return undefined
        const signRaw = active.extension.signer?.signRaw
        if (typeof signRaw !== 'function') throw new ProviderRpcError({ code: 4200, message: `${active.wallet.name} cannot sign messages` })
        const key = decodeSs58(request.address)?.publicKey
        const original = active.accounts.find((a) => {
          const decoded = decodeSs58(a.address)
          return decoded && key && decoded.publicKey.every((b, i) => b === key[i])
        })
        if (!original) throw new ProviderRpcError({ code: 4100, message: 'The extension did not share this account' })
        const data = `0x${Array.from(new TextEncoder().encode(request.message), (b) => b.toString(16).padStart(2, '0')).join('')}`
        let answer: { signature?: unknown }
        try {
          answer = await signRaw.call(active.extension.signer, { address: original.address, data, type: 'bytes' })
        } catch (error) {
          throw walletError(error)
        }
        if (typeof answer?.signature !== 'string' || !/^0x(?:[0-9a-fA-F]{2}){64,66}$/.test(answer.signature)) throw new ProviderRpcError({ code: -32603, message: 'The extension returned an invalid signature' })
        return { signature: answer.signature }
      })

      return () => {
        active?.stop?.()
        active = undefined
      }
    },
  })
}
