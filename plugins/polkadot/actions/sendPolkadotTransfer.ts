import { getPolkadotSignerFromPjs, type SignPayload, type SignRaw } from '@polkadot-api/pjs-signer'
import { Blake2256 } from '@polkadot-api/substrate-bindings'
import type { Network } from '../../../kernel/kernel.js'
import { PolkadotRpcRequestError, PolkadotTransactionRefusedError } from '../errors.js'
import { toHex } from '../utils/toHex.js'
import { callPolkadotRpc, type PolkadotWebSocketClass } from './callPolkadotRpc.js'
import type { PolkadotTransferPlan } from './planPolkadotTransfer.js'

export type { SignPayload, SignRaw }

/**
 * Has the wallet sign a planned transfer through its `signPayload` (the injected extension's signer,
 * or `polkadot_signTransaction` over WalletConnect), assembles the signed extrinsic with
 * polkadot-api's pjs signer, and submits it (`author_submitExtrinsic`).
 *
 * @returns the extrinsic's hash (blake2-256 of its bytes)
 * @throws PolkadotTransactionRefusedError when the node refuses it (bad signature, stale nonce, …)
 * @example
 * const hash = await sendPolkadotTransfer({ network, plan, address, signPayload, signRaw })
 */
export async function sendPolkadotTransfer({ network, plan, address, signPayload, signRaw, fetch, WebSocket }: { network: Network; plan: PolkadotTransferPlan; address: string; signPayload: SignPayload; signRaw: SignRaw; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<`0x${string}`> {
  const signer = getPolkadotSignerFromPjs(address, signPayload, signRaw)
  const signed = await signer.signTx(plan.callData, plan.extensions, plan.runtime.metadataBytes, plan.atBlockNumber)
  const hash = toHex(Blake2256(signed))
  let answer: unknown
  try {
    answer = await callPolkadotRpc<string>({ network, fetch, WebSocket, method: 'author_submitExtrinsic', params: [toHex(signed)] })
  } catch (error) {
    if (error instanceof PolkadotRpcRequestError && /invalid|1010|1011|1012|1013|1014/i.test(error.message)) throw new PolkadotTransactionRefusedError({ reason: error.message, cause: error })
    throw error
  }
  if (typeof answer === 'string' && answer.toLowerCase() !== hash) throw new PolkadotRpcRequestError({ method: 'author_submitExtrinsic', message: `the node named another hash (${answer.slice(0, 70)})` })
  return hash
}
