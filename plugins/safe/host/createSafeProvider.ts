import { SafeRpcError } from './safeRpcError.js'
import type { Eip1193Provider } from './types.js'
import type { SafeInfo } from './detectSafe.js'
import type { SafeAppsClient } from './safeAppsClient.js'

type TxLike = { to?: unknown; value?: unknown; data?: unknown }

function toSafeTx(tx: unknown): { to: string; value: string; data: string } {
  const { to, value, data } = (typeof tx === 'object' && tx !== null ? tx : {}) as TxLike
  if (typeof to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(to)) throw new SafeRpcError(-32602, 'A Safe transaction needs a "to" address')
  let amount = 0n
  try {
    amount = value === undefined || value === null ? 0n : BigInt(value as string)
  } catch {
    throw new SafeRpcError(-32602, 'A Safe transaction\'s "value" must be a quantity')
  }
  if (amount < 0n) throw new SafeRpcError(-32602, 'A Safe transaction\'s "value" must be a quantity')
  if (data !== undefined && data !== null && (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data))) throw new SafeRpcError(-32602, 'A Safe transaction\'s "data" must be hex bytes')
  return { to, value: amount.toString(), data: (data as string | undefined) ?? '0x' }
}

const isHash = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)

/**
 * The Safe as an EIP-1193 provider over the Safe Apps protocol: `eth_accounts`,
 * `eth_requestAccounts` and `eth_chainId` answered locally; `eth_sendTransaction` becomes one
 * `sendTransactions` (its answer is the **safeTxHash**); `wallet_sendCalls` one `sendTransactions`
 * of all the calls (atomic: the host batches them by MultiSend), `wallet_getCapabilities` says so;
 * `wallet_getCallsStatus` follows the Safe transaction; signing answers 4200; everything else is
 * read through `rpcCall`.
 *
 * @example
 * const provider = createSafeProvider(client, safe)
 * await provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '0x2386f26fc10000' }] }) // safeTxHash
 */
export function createSafeProvider(client: SafeAppsClient, safe: SafeInfo): Eip1193Provider {
  const chainHex = `0x${safe.chainId.toString(16)}`
  const send = async (txs: unknown[]): Promise<string> => {
    const answer = await client.request<{ safeTxHash?: unknown }>('sendTransactions', { txs: txs.map(toSafeTx) })
    if (!isHash(answer?.safeTxHash)) throw new SafeRpcError(-32603, 'The Safe returned an invalid safeTxHash')
    return answer.safeTxHash
  }
  return {
    async request({ method, params }) {
      const args = Array.isArray(params) ? params : []
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [safe.safeAddress]
        case 'eth_chainId':
          return chainHex
        case 'net_version':
          return String(safe.chainId)
        case 'eth_sendTransaction':
          return send([args[0]])
        case 'wallet_sendCalls': {
          const { calls, chainId } = (typeof args[0] === 'object' && args[0] !== null ? args[0] : {}) as { calls?: unknown; chainId?: unknown }
          if (typeof chainId === 'string' && chainId.toLowerCase() !== chainHex) throw new SafeRpcError(5710, 'The Safe is not on that chain')
          if (!Array.isArray(calls) || calls.length === 0) throw new SafeRpcError(-32602, 'wallet_sendCalls needs calls')
          return { id: await send(calls) }
        }
        case 'wallet_getCallsStatus': {
          const id = args[0]
          if (!isHash(id)) throw new SafeRpcError(5730, 'Unknown bundle id')
          const details = await client.request<{ txHash?: unknown }>('getTxBySafeTxHash', { safeTxHash: id }).catch(() => {
            throw new SafeRpcError(5730, 'Unknown bundle id')
          })
          const base = { version: '2.0.0', id, chainId: chainHex, atomic: true }
          if (!isHash(details?.txHash)) return { ...base, status: 100, receipts: [] }
          const receipt = await client.request<{ status?: unknown; blockHash?: unknown; blockNumber?: unknown; gasUsed?: unknown; logs?: unknown } | null>('rpcCall', { call: 'eth_getTransactionReceipt', params: [details.txHash] })
          if (!receipt) return { ...base, status: 100, receipts: [] }
          const { status, blockHash, blockNumber, gasUsed, logs } = receipt
          return { ...base, status: status === '0x1' ? 200 : 500, receipts: [{ status, blockHash, blockNumber, gasUsed, logs: Array.isArray(logs) ? logs : [], transactionHash: details.txHash }] }
        }
        case 'wallet_getCapabilities':
          return { [chainHex]: { atomic: { status: 'supported' } } }
        case 'personal_sign':
        case 'eth_sign':
        case 'eth_signTypedData':
        case 'eth_signTypedData_v4':
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain':
          throw new SafeRpcError(4200, `The Safe does not support ${method}`)
        default:
          return client.request('rpcCall', { call: method, params: args })
      }
    },
  }
}

/**
 * Follows a Safe transaction: asks the host `getTxBySafeTxHash` every `intervalMs` until it has
 * the hash of the transaction that executed it, and resolves with that hash.
 *
 * @throws SafeRpcError when the host does not know it or `timeoutMs` (default 10 minutes) passed
 * @example
 * const txHash = await waitForSafeTx(client, safeTxHash)
 */
export async function waitForSafeTx(client: SafeAppsClient, safeTxHash: string, { intervalMs = 1_000, timeoutMs = 600_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const details = await client.request<{ txHash?: unknown }>('getTxBySafeTxHash', { safeTxHash }, { timeoutMs: 10_000 })
    if (isHash(details?.txHash)) return details.txHash
    if (Date.now() > deadline) throw new SafeRpcError(-32603, 'The Safe did not execute the transaction in time')
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
