import { BaseError, ProviderRpcError } from '../../kernel/errors/index.js'
import type { PorticoHandle } from '../../kernel/index.js'

const namespace = 'eip155'

/** The EIP-1193 provider `portico/wagmi` hands wagmi: the connected wallet, reached through the kernel. */
export type PorticoProvider = {
  request(args: { method: string; params?: unknown }): Promise<any>
  on(event: PorticoProviderEvent, listener: (value: unknown) => void): PorticoProvider
  removeListener(event: PorticoProviderEvent, listener: (value: unknown) => void): PorticoProvider
}

export type PorticoProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect'

export type CreatePorticoProviderParameters = {
  portico: PorticoHandle
  /** Answers `eth_requestAccounts` when nothing is connected (the connector opens the modal). */
  requestAccounts: () => Promise<readonly string[]>
  /** Answers `wallet_switchEthereumChain` through the kernel's switchNetwork. */
  switchChain: (chainId: number) => Promise<unknown>
}

export type CreatePorticoProviderReturnType = PorticoProvider & {
  /** For the connector: tells the provider's listeners about a change the kernel saw. */
  emit(event: PorticoProviderEvent, value: unknown): void
}

/** The eip155 connection's chain id as a number (undefined while not connected, and before the kernel loads). */
export function connectedChainId(portico: PorticoHandle): number | undefined {
  if (!portico.kernel) return undefined
  const connection = portico.kernel.stores.connections.get(namespace)
  if (connection.status !== 'connected' || !connection.caipNetworkId) return undefined
  const id = Number(connection.caipNetworkId.split(':')[1])
  return Number.isSafeInteger(id) ? id : undefined
}

/** The eip155 connection's accounts, the active one first (empty while not connected, and before the kernel loads). */
export function connectedAccounts(portico: PorticoHandle): string[] {
  if (!portico.kernel) return []
  const connection = portico.kernel.stores.connections.get(namespace)
  return connection.status === 'connected' ? connection.accounts.map((a) => a.address) : []
}

/** Any failure as an EIP-1193 error: the wallet's numeric code is kept; not connected is 4100. */
function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  if (error instanceof BaseError && error.code === 'NOT_CONNECTED') return new ProviderRpcError({ code: 4100, message: error.shortMessage, cause: error })
  return ProviderRpcError.from(error)
}

/**
 * An EIP-1193 provider over a Portico instance's eip155 connection: `eth_accounts` and
 * `eth_chainId` come from the kernel's connection store, `eth_requestAccounts` and
 * `wallet_switchEthereumChain` go through the modal and the kernel's switchNetwork (so the modal
 * stays right), and every other request goes to the connected wallet as it is, through the
 * kernel's `request` action (the wallet's own provider, or its connector's channel). Errors are
 * EIP-1193 errors with the wallet's code (4001 stays a rejection).
 *
 * @returns the provider, with `emit` for the connector
 * @example
 * const provider = createPorticoProvider({ portico, requestAccounts, switchChain })
 * await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export function createPorticoProvider({ portico, requestAccounts, switchChain }: CreatePorticoProviderParameters): CreatePorticoProviderReturnType {
  const listeners = new Map<PorticoProviderEvent, Set<(value: unknown) => void>>()
  const provider: CreatePorticoProviderReturnType = {
    async request({ method, params }) {
      try {
        if (method === 'eth_accounts') return connectedAccounts(portico)
        if (method === 'eth_requestAccounts') return connectedAccounts(portico).length ? connectedAccounts(portico) : [...(await requestAccounts())]
        const chainId = connectedChainId(portico)
        if (method === 'eth_chainId' && chainId !== undefined) return `0x${chainId.toString(16)}`
        if (method === 'wallet_switchEthereumChain') {
          const target = Number((Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined) ?? Number.NaN)
          if (!Number.isSafeInteger(target) || target <= 0) throw new ProviderRpcError({ code: -32602, message: 'wallet_switchEthereumChain needs [{ chainId }]' })
          await switchChain(target)
          return null
        }
        if (chainId === undefined) throw new ProviderRpcError({ code: 4100, message: 'No wallet is connected through Portico' })
        return await portico.request({ namespace, method, ...(params === undefined ? {} : { params }), chainId: `${namespace}:${chainId}` })
      } catch (error) {
        throw toProviderError(error)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    emit(event, value) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(value)
    },
  }
  return provider
}
