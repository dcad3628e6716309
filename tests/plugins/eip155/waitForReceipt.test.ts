// The eip155 plugin's receipt wait (the `waitForTransaction` tap behind the send toast) and its fee
// estimate (the send review's fee line) against a real anvil devnet, through the plugin's RPC client
// for the network: pending until a block includes it, `failed` for a reverted transaction, a clear
// error when no receipt arrives in time; no fee line when the node refuses or answers nonsense.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatDecimalUnits } from '../../../kernel/kernel.js'
import { defineNetwork } from '../../../plugins/eip155/index.js'
import { createRpcClient, type RpcClient } from '../../../plugins/eip155/actions/createRpcClient.js'
import { estimateTransferFee } from '../../../plugins/eip155/actions/estimateTransferFee.js'
import { waitForReceipt } from '../../../plugins/eip155/actions/waitForReceipt.js'
import { startAnvil, type Anvil } from '../../../sandbox/devnets/startAnvil.js'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let anvil: Anvil
let client: RpcClient

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  client = await createRpcClient(defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: [anvil.rpcUrl] }))
})
afterAll(async () => {
  await anvil?.stop()
})

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

describe('eip155 waitForReceipt', () => {
  it('waits while the transaction is pending, then says confirmed once a block includes it', async () => {
    await rpc('evm_setAutomine', [false])
    try {
      const hash = (await rpc('eth_sendTransaction', [{ from, to, value: '0x1' }])) as string
      let settled = false
      // Counts the receipt reads: three answered "none yet" and it still waits.
      let reads = 0
      const counting = { request: async (args: { method: string; params?: unknown }) => {
        const answer = await client.request(args)
        if (args.method === 'eth_getTransactionReceipt') reads++
        return answer
      } }
      const waiting = waitForReceipt(counting, hash, { pollingIntervalMs: 50 }).finally(() => (settled = true))
      await vi.waitFor(() => expect(reads).toBeGreaterThanOrEqual(3))
      expect(settled).toBe(false)
      await rpc('evm_mine')
      await expect(waiting).resolves.toEqual({ status: 'confirmed' })
    } finally {
      await rpc('evm_setAutomine', [true])
    }
  })

  it('says failed for a transaction that reverted', async () => {
    // Init code that reverts at once (PUSH1 0, PUSH1 0, REVERT): the deployment is mined and fails.
    const hash = (await rpc('eth_sendTransaction', [{ from, data: '0x60006000fd', gas: '0x186a0' }])) as string
    await expect(waitForReceipt(client, hash, { pollingIntervalMs: 50 })).resolves.toEqual({ status: 'failed' })
  })

  it('gives up with a clear error when no receipt arrives within the timeout', async () => {
    await expect(waitForReceipt(client, `0x${'ab'.repeat(32)}`, { timeoutMs: 300, pollingIntervalMs: 50 })).rejects.toThrow('The transaction has no receipt yet')
  })
})

describe('eip155 fee estimate', () => {
  it('is the gas of the transfer times the gas price, in ETH', async () => {
    const network = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: [anvil.rpcUrl] })
    const estimate = await estimateTransferFee(client, { namespace: 'eip155', connectorId: 'test', from, network, to, amount: '0.5' })
    // 21,000 gas for a plain transfer times the devnet's gas price.
    const price = BigInt((await rpc('eth_gasPrice')) as string)
    expect(estimate).toEqual({ fee: formatDecimalUnits(21_000n * price, 18), symbol: 'ETH' })
  })

  it('shows no fee when the node refuses the estimate or answers something that is not a quantity', async () => {
    const network = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: [anvil.rpcUrl] })
    const request = { namespace: 'eip155' as const, connectorId: 'test', from, network, to, amount: '0.5' }
    const odd: RpcClient = { request: async ({ method }) => (method === 'eth_gasPrice' ? 'cheap' : '0x5208') }
    await expect(estimateTransferFee(odd, request)).resolves.toBeUndefined()
    const refusing: RpcClient = { request: async () => Promise.reject(new Error('execution reverted')) }
    await expect(estimateTransferFee(refusing, request)).resolves.toBeUndefined()
  })
})
