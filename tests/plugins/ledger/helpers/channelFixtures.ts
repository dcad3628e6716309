import { keccak256, type Hex } from 'viem'
import type { Network } from '../../../../kernel/kernel.js'
import { defineNetwork } from '../../../../plugins/eip155/index.js'

/** An EVM network and a Solana one whose RPC is never reached (the channels' client is answered here). */
export const devnet: Network = defineNetwork({ id: 31337, name: 'Devnet', rpcUrls: ['http://127.0.0.1:9'] })
export const solanaNet: Network = { id: 'local', caipNetworkId: 'solana:local', chainNamespace: 'solana', name: 'Local', nativeCurrency: { name: 'SOL', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/sol'] } } }

/**
 * The network's RPC as the eip155 channel's public client sees it (a fake inside the channel's unit
 * test): the given nonce and gas estimate, fixed fees, and every raw transaction kept in `sent`.
 *
 * @example
 * const rpc = recordingPublicClient({ nonce: 7, gas: 21_000n })
 * createEip155Channel({ …, publicClient: rpc.client as never }); rpc.sent // [0x02…]
 */
export function recordingPublicClient({ nonce, gas }: { nonce: number; gas: bigint }) {
  const sent: Hex[] = []
  const client = () => ({
    getTransactionCount: async () => nonce,
    estimateGas: async () => gas,
    estimateFeesPerGas: async () => ({ maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }),
    getGasPrice: async () => 1_000_000_000n,
    sendRawTransaction: async ({ serializedTransaction }: { serializedTransaction: Hex }) => {
      sent.push(serializedTransaction)
      return keccak256(serializedTransaction)
    },
  })
  return { client, sent }
}
