import { type Address, type Hex, encodeFunctionData, getAddress, isAddress, isHex, parseAbi } from 'viem'

import { SafeAppsHostError } from './safeAppsHost.js'
import { type SafeTx, callSafeTx, encodeMultiSendTransactions, safeTxHash, sortedSignatures } from './safeTx.js'

/** One Safe transaction the host holds until enough owners signed and someone executed it. */
export type QueuedSafeTx = {
  safeTxHash: Hex
  tx: SafeTx
  /** The calls the app asked for (several ride one `MultiSendCallOnly` delegatecall). */
  calls: { to: Address; value: bigint; data: Hex }[]
  /** Owner address → their EIP-712 signature. */
  signatures: Map<Address, Hex>
  status: 'AWAITING_CONFIRMATIONS' | 'AWAITING_EXECUTION' | 'EXECUTING' | 'SUCCESS' | 'FAILED'
  txHash: Hex | null
  error?: string
}

export type SafeTxQueueParameters = {
  safe: Address
  chainId: number
  owners: readonly Address[]
  threshold: number
  multiSendCallOnly: Address
  /** The Safe's current nonce on chain. */
  readNonce: () => Promise<bigint>
  /** Signs the SafeTx as `owner` (the host holds the dev keys). */
  sign: (owner: Address, tx: SafeTx) => Promise<Hex>
  /** Sends `execTransaction(tx, signatures)` from `owner` and resolves with the mined transaction's hash and status. */
  execute: (owner: Address, tx: SafeTx, signatures: Hex) => Promise<{ txHash: Hex; success: boolean }>
  /** Called after every change (the page re-renders). */
  onChange?: () => void
}

const maxCalls = 50
const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable'])

function quantity(value: unknown): bigint | undefined {
  if (value === undefined || value === null || value === '') return 0n
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
  if (typeof value !== 'string' || !/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) return undefined
  return BigInt(value)
}

/**
 * The calls of a Safe Apps `sendTransactions` request (`{ txs: [{ to, value, data }] }`), checked.
 *
 * @throws SafeAppsHostError naming what is wrong
 * @example
 * parseSendTransactions({ txs: [{ to: bob, value: '10000000000000000', data: '0x' }] })
 */
export function parseSendTransactions(params: unknown): { to: Address; value: bigint; data: Hex }[] {
  const txs = typeof params === 'object' && params !== null ? (params as { txs?: unknown }).txs : undefined
  if (!Array.isArray(txs) || txs.length === 0 || txs.length > maxCalls) throw new SafeAppsHostError(`sendTransactions expects { txs } with 1 to ${maxCalls} transactions`)
  return txs.map((t: unknown, i) => {
    const { to, value, data } = (typeof t === 'object' && t !== null ? t : {}) as Record<string, unknown>
    if (typeof to !== 'string' || !isAddress(to, { strict: false })) throw new SafeAppsHostError(`sendTransactions: txs[${i}].to is not an address`)
    const amount = quantity(value)
    if (amount === undefined) throw new SafeAppsHostError(`sendTransactions: txs[${i}].value is not a quantity`)
    const bytes = data === undefined || data === null ? '0x' : data
    if (typeof bytes !== 'string' || !isHex(bytes) || bytes.length % 2 !== 0) throw new SafeAppsHostError(`sendTransactions: txs[${i}].data is not hex bytes`)
    return { to: getAddress(to), value: amount, data: bytes as Hex }
  })
}

/**
 * The host's queue of pending Safe transactions: `propose` turns an app's calls into one SafeTx
 * (a call, or a `MultiSendCallOnly` delegatecall for several) at the next free nonce; owners `sign`;
 * once `threshold` signed, `execute` sends `execTransaction` from the first signer with the
 * signatures sorted by owner address.
 *
 * @example
 * const queue = createSafeTxQueue({ safe, chainId, owners, threshold: 2, multiSendCallOnly, readNonce, sign, execute })
 * const { safeTxHash } = await queue.propose([{ to: bob, value: 1n, data: '0x' }])
 */
export function createSafeTxQueue(parameters: SafeTxQueueParameters) {
  const { safe, chainId, owners, threshold, multiSendCallOnly } = parameters
  const items: QueuedSafeTx[] = []
  const changed = () => parameters.onChange?.()
  const find = (hash: string) => {
    const item = items.find((i) => i.safeTxHash.toLowerCase() === hash.toLowerCase())
    if (!item) throw new SafeAppsHostError(`Unknown safeTxHash ${hash.slice(0, 80)}`)
    return item
  }
  return {
    items: items as readonly QueuedSafeTx[],
    async propose(calls: { to: Address; value: bigint; data: Hex }[]): Promise<QueuedSafeTx> {
      const onChain = await parameters.readNonce()
      const taken = items.filter((i) => i.status !== 'FAILED').map((i) => i.tx.nonce)
      const nonce = taken.reduce((n, t) => (t >= n ? t + 1n : n), onChain)
      const tx =
        calls.length === 1
          ? callSafeTx({ ...calls[0]!, nonce })
          : callSafeTx({ to: multiSendCallOnly, value: 0n, data: encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [encodeMultiSendTransactions(calls)] }), nonce, operation: 1 })
      const item: QueuedSafeTx = { safeTxHash: safeTxHash({ safe, chainId, tx }), tx, calls, signatures: new Map(), status: 'AWAITING_CONFIRMATIONS', txHash: null }
      items.push(item)
      changed()
      return item
    },
    get: find,
    async sign(hash: string, owner: Address): Promise<void> {
      const item = find(hash)
      if (!owners.includes(owner)) throw new SafeAppsHostError(`${owner} is not an owner of ${safe}`)
      if (item.status !== 'AWAITING_CONFIRMATIONS' && item.status !== 'AWAITING_EXECUTION') return
      item.signatures.set(owner, await parameters.sign(owner, item.tx))
      if (item.signatures.size >= threshold) item.status = 'AWAITING_EXECUTION'
      changed()
    },
    async execute(hash: string): Promise<void> {
      const item = find(hash)
      if (item.status !== 'AWAITING_EXECUTION') throw new SafeAppsHostError(`${hash} has ${item.signatures.size} of ${threshold} signatures`)
      item.status = 'EXECUTING'
      changed()
      const signers = [...item.signatures.keys()]
      try {
        const { txHash, success } = await parameters.execute(signers[0]!, item.tx, sortedSignatures([...item.signatures].map(([owner, signature]) => ({ owner, signature }))))
        item.txHash = txHash
        item.status = success ? 'SUCCESS' : 'FAILED'
      } catch (error) {
        item.status = 'AWAITING_EXECUTION'
        item.error = ((error as { shortMessage?: string }).shortMessage ?? (error as Error).message).split('\n')[0]
      }
      changed()
    },
  }
}
export type SafeTxQueue = ReturnType<typeof createSafeTxQueue>
