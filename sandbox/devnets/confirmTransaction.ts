import { WaitForTransactionReceiptTimeoutError, type Chain, type Hex, type PublicClient, type TransactionReceipt, type Transport } from 'viem'
import { jsonRpcCall } from '../chains/SandboxChain.js'

/** How long a sandbox transaction may take to be mined: anvil mines each one as it arrives. */
export const confirmTimeoutMs = 30_000

/**
 * How long one JSON-RPC request of the sandbox's own setup (deployments, funding) may take on
 * loopback. Anvil answers in milliseconds, but on a 2-core machine running four sandboxes and
 * their browsers at once (load average above 20) one answer once took more than the 10 s this
 * used to be, and the whole sandbox failed to start ("Deploying Safe … took too long").
 */
export const setupRequestTimeoutMs = 60_000

const quantity = (value: unknown): bigint | undefined => (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? BigInt(value) : undefined)

/**
 * What the node holds of a transaction that got no receipt: unknown to it, mined without a
 * receipt, or waiting in its pool and why (a nonce ahead of the sender's, a fee cap under the base
 * fee), and whether it mines on its own. One line, for an error message.
 *
 * @example
 * await describeStuckTransaction(anvil.rpcUrl, hash) // "pending: nonce 7, the sender's next is 5 (a gap); …"
 */
export async function describeStuckTransaction(rpcUrl: string, hash: Hex): Promise<string> {
  try {
    const tx = (await jsonRpcCall(rpcUrl, 'eth_getTransactionByHash', [hash])) as { from?: string; nonce?: string; blockNumber?: string | null; maxFeePerGas?: string; gasPrice?: string } | null
    const automine = await jsonRpcCall(rpcUrl, 'anvil_getAutomine', []).catch(() => 'unknown')
    if (!tx) return `the node does not know the transaction (automine: ${String(automine)})`
    if (tx.blockNumber) return `the node mined it in block ${quantity(tx.blockNumber)} but gave no receipt`
    const [next, block] = await Promise.all([
      jsonRpcCall(rpcUrl, 'eth_getTransactionCount', [tx.from, 'latest']),
      jsonRpcCall(rpcUrl, 'eth_getBlockByNumber', ['latest', false]) as Promise<{ number?: string; baseFeePerGas?: string } | null>,
    ])
    const nonce = quantity(tx.nonce)
    const expected = quantity(next)
    const cap = quantity(tx.maxFeePerGas ?? tx.gasPrice)
    const baseFee = quantity(block?.baseFeePerGas)
    return [
      `pending in the pool: nonce ${nonce}, the sender's next is ${expected}${nonce !== undefined && expected !== undefined && nonce > expected ? ' (a gap)' : ''}`,
      `fee cap ${cap} wei, base fee ${baseFee} wei at block ${quantity(block?.number)}${cap !== undefined && baseFee !== undefined && cap < baseFee ? ' (under it)' : ''}`,
      `automine: ${String(automine)}`,
    ].join('; ')
  } catch (error) {
    return `the node could not be asked about it (${(error as Error).message.split('\n')[0]})`
  }
}

/**
 * Waits for a sandbox transaction's receipt. When none comes in `timeoutMs` ({@link confirmTimeoutMs}), the error
 * names the step and says what the node holds of the transaction ({@link describeStuckTransaction}),
 * so a sandbox that cannot start says why.
 *
 * @returns the receipt (whatever its status: the caller checks it)
 * @example
 * const receipt = await confirmTransaction({ client, rpcUrl, hash, step: 'deploying WETH9' })
 */
export async function confirmTransaction({ client, rpcUrl, hash, step, timeoutMs = confirmTimeoutMs }: { client: PublicClient<Transport, Chain>; rpcUrl: string; hash: Hex; step: string; timeoutMs?: number }): Promise<TransactionReceipt> {
  try {
    return await client.waitForTransactionReceipt({ hash, timeout: timeoutMs })
  } catch (error) {
    if (!(error instanceof WaitForTransactionReceiptTimeoutError)) throw error
    throw new Error(`${step}: no receipt for ${hash} in ${timeoutMs / 1000} s; ${await describeStuckTransaction(rpcUrl, hash)}`, { cause: error })
  }
}
