import { ChainNotConfiguredError, ConnectorNotConnectedError, createConnector } from '@wagmi/core'
import { getAddress, SwitchChainError, UserRejectedRequestError, type Address, type Chain } from 'viem'
import { ProviderRpcError } from '../../kernel/errors/index.js'
import { toPorticoHandle, type Portico, type PorticoHandle } from '../../kernel/index.js'
import { connectedAccounts, connectedChainId, createPorticoProvider, type PorticoProvider } from './createPorticoProvider.js'
import { Eip155PluginMissingError, InvalidPorticoInstanceError, UnknownPorticoChainError } from './errors.js'
import { waitForConnection } from './waitForConnection.js'

const namespace = 'eip155'

export type PorticoConnectorParameters = {
  /** The connector's id in wagmi (default `portico`); give each of two Portico instances its own. */
  id?: string
  /** The connector's name in wagmi (default `Portico`). */
  name?: string
  /** An icon URL wagmi shows for the connector (none by default). */
  icon?: string
}

export type PorticoConnectorReturnType = ReturnType<typeof createConnector<PorticoProvider>>
export type PorticoConnectorErrorType = InvalidPorticoInstanceError | Eip155PluginMissingError | UnknownPorticoChainError | SwitchChainError | UserRejectedRequestError

const isUserRejection = (error: unknown) => (error instanceof ProviderRpcError && error.isUserRejection) || (error as { code?: unknown } | undefined)?.code === 4001

/** Checks that `value` is a Portico instance (`createPortico`'s handle, or a kernel) with the eip155 plugin, else throws the typed error. */
function assertPortico(value: unknown): asserts value is PorticoHandle | Portico {
  const candidate = value as Partial<PorticoHandle> | null | undefined
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.subscribe !== 'function' || typeof candidate.request !== 'function' || !Array.isArray(candidate.options?.plugins)) {
    throw new InvalidPorticoInstanceError({ received: candidate === null ? 'null' : typeof candidate })
  }
  const plugins = candidate.options.plugins
  if (!plugins.some((plugin) => plugin.namespace === namespace)) throw new Eip155PluginMissingError({ plugins: plugins.map((p) => p.name) })
}

/**
 * A wagmi connector for a Portico instance's eip155 connection (wagmi's `createConnector`, id
 * `portico`, type `portico`), so a site's `useAccount` / `useConnection`, `useBalance`,
 * `useSendTransaction`, `useSwitchChain` and `useSignMessage` work with whatever wallet the
 * visitor connected in Portico's modal. `connect` opens the modal unless a wallet is connected
 * (closing it without connecting rejects with viem's `UserRejectedRequestError`); `switchChain`
 * goes through the kernel's switchNetwork; disconnects stay in sync both ways, and a wallet
 * connected in the modal shows up in wagmi without a wagmi `connect` call. The kernel loads when
 * wagmi first needs it (a connect, a returning visitor's reconnect), not with the page.
 *
 * @param portico - a Portico instance with the eip155 plugin (`createPortico`'s result)
 * @param options - see {@link PorticoConnectorParameters}
 * @returns the connector function for wagmi's `createConfig({ connectors: [...] })`
 * @throws InvalidPorticoInstanceError, Eip155PluginMissingError
 * @example
 * import { createConfig, http } from 'wagmi'
 * import { portico as porticoConnector } from 'portico/wagmi'
 * const config = createConfig({ chains: [mainnet], connectors: [porticoConnector(portico)], transports: { [mainnet.id]: http() } })
 */
export function portico(instance: PorticoHandle | Portico, options: PorticoConnectorParameters = {}): PorticoConnectorReturnType {
  assertPortico(instance)
  const portico = toPorticoHandle(instance)
  return createConnector<PorticoProvider>((config) => {
    // What wagmi was last told, so each kernel change is reported once.
    let told: { accounts: readonly string[]; chainId: number | undefined } = { accounts: [], chainId: undefined }
    // wagmi's own disconnect is under way: the kernel's change is its echo, not news.
    let disconnecting = false
    let stop: (() => void) | undefined

    const checksummed = (accounts: readonly string[]) => accounts.map((a) => getAddress(a)) as readonly Address[]
    const fallbackChainId = () => {
      const state = portico.getState()
      const active = portico.kernel
        ? portico.kernel.stores.networks.activeOf(namespace)
        : portico.options.networks.find((n) => (state.activeNamespace === namespace ? n.caipNetworkId === state.activeNetworkId : n.chainNamespace === namespace))
      const id = active ? Number(active.caipNetworkId.split(':')[1]) : Number.NaN
      return Number.isSafeInteger(id) ? id : config.chains[0].id
    }

    /** Reports the kernel's eip155 connection to wagmi and the provider's listeners, once per change. */
    function sync() {
      // Nothing connects before the kernel loads.
      if (!portico.kernel) return
      const accounts = connectedAccounts(portico)
      const chainId = connectedChainId(portico)
      const status = portico.kernel.stores.connections.get(namespace).status
      const was = told
      if (status === 'connecting') return
      told = { accounts, chainId }
      if (disconnecting) return
      if (accounts.length === 0 || chainId === undefined) {
        if (was.accounts.length === 0) return
        provider.emit('accountsChanged', [])
        provider.emit('disconnect', new ProviderRpcError({ code: 4900, message: 'Disconnected in Portico' }))
        config.emitter.emit('disconnect')
        return
      }
      if (was.accounts.length === 0) {
        provider.emit('accountsChanged', accounts)
        config.emitter.emit('connect', { accounts: checksummed(accounts), chainId })
        return
      }
      if (accounts.join() !== was.accounts.join()) {
        provider.emit('accountsChanged', accounts)
        config.emitter.emit('change', { accounts: checksummed(accounts) })
      }
      if (chainId !== was.chainId) {
        provider.emit('chainChanged', `0x${chainId.toString(16)}`)
        config.emitter.emit('change', { chainId })
      }
    }

    async function switchChain({ chainId }: { chainId: number }): Promise<Chain> {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      const caipNetworkId = `${namespace}:${chainId}` as const
      if (!portico.options.networks.some((n) => n.caipNetworkId === caipNetworkId)) {
        const known = portico.options.networks.filter((n) => n.chainNamespace === namespace).map((n) => n.caipNetworkId)
        throw new SwitchChainError(new UnknownPorticoChainError({ chainId, known }))
      }
      try {
        await portico.switchNetwork(caipNetworkId)
      } catch (error) {
        if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
        throw new SwitchChainError(error as Error)
      }
      sync()
      return chain
    }

    /** Opens the modal on eip155 and waits for the visitor to connect a wallet there. */
    async function requestAccounts(): Promise<readonly string[]> {
      const kernel = await portico.load()
      await kernel.ready()
      if (kernel.stores.connections.get(namespace).status === 'disconnected') {
        await kernel.open({ namespace })
        if ((await waitForConnection(kernel)) === 'closed') throw new UserRejectedRequestError(new Error('The visitor closed the Portico modal without connecting a wallet.'))
      } else if ((await waitForConnection(kernel)) === 'closed') {
        throw new UserRejectedRequestError(new Error('The wallet did not connect.'))
      }
      return connectedAccounts(portico)
    }

    const provider = createPorticoProvider({ portico, requestAccounts, switchChain: (chainId) => switchChain({ chainId }) })

    return {
      id: options.id ?? 'portico',
      name: options.name ?? 'Portico',
      type: 'portico',
      ...(options.icon ? { icon: options.icon } : {}),

      async setup() {
        stop ??= portico.subscribe('state', sync)
        // After createConfig has registered this connector: a wallet Portico already has is news.
        await Promise.resolve()
        sync()
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        if (isReconnecting) {
          await portico.ready()
          // Nothing to restore: wagmi's reconnect skips this connector.
          if (!connectedAccounts(portico).length) throw new ConnectorNotConnectedError()
        } else {
          await requestAccounts()
        }
        let currentChainId = connectedChainId(portico) ?? fallbackChainId()
        if (chainId !== undefined && chainId !== currentChainId) {
          try {
            currentChainId = (await switchChain({ chainId })).id
          } catch (error) {
            if (error instanceof UserRejectedRequestError) throw error
            // As wagmi's injected connector: a chain the wallet cannot move to leaves it where it is.
          }
        }
        sync()
        const accounts = checksummed(connectedAccounts(portico))
        if (!withCapabilities) return { accounts, chainId: currentChainId } as never
        // `getCapabilities` is lent by `portico/calls`: without that plugin the wallet has none to report.
        const getCapabilities = (portico as Partial<Pick<typeof portico, 'getCapabilities'>>).getCapabilities
        const byChain = getCapabilities ? await getCapabilities({ caipNetworkIds: [`${namespace}:${currentChainId}`] }).catch(() => ({}) as Record<string, Record<string, unknown>>) : {}
        const capabilities = (byChain as Record<string, Record<string, unknown>>)[`${namespace}:${currentChainId}`] ?? {}
        return { accounts: accounts.map((address) => ({ address, capabilities })), chainId: currentChainId } as never
      },

      async disconnect() {
        disconnecting = true
        try {
          if (portico.kernel && portico.kernel.stores.connections.get(namespace).status !== 'disconnected') await portico.disconnect(namespace)
        } finally {
          disconnecting = false
          told = { accounts: [], chainId: undefined }
        }
      },

      async getAccounts() {
        return checksummed(connectedAccounts(portico))
      },

      async getChainId() {
        return connectedChainId(portico) ?? fallbackChainId()
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        await portico.ready()
        return connectedAccounts(portico).length > 0
      },

      switchChain,

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: checksummed(accounts) })
      },

      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },

      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
