import { toHexChainId } from '../../../kernel/kernel.js'
import type { SendCallsRequest } from '../types.js'

/** The EIP-5792 version Portico speaks. */
export const callsVersion = '2.0.0'

/**
 * A `sendCalls` request as `wallet_sendCalls` params (EIP-5792 v2): version `2.0.0`, hex chain id,
 * `from`, calls with hex values, `atomicRequired`, the site's capabilities and id.
 *
 * @example
 * toSendCallsParams(request) // [{ version: '2.0.0', chainId: '0x7a69', from, calls: [{ to, data, value: '0x1' }], atomicRequired: true }]
 */
export function toSendCallsParams(request: SendCallsRequest): [Record<string, unknown>] {
  return [
    {
      version: callsVersion,
      ...(request.id !== undefined ? { id: request.id } : {}),
      chainId: toHexChainId(request.network.caipNetworkId),
      from: request.from,
      atomicRequired: request.atomicRequired,
      calls: request.calls.map((call) => ({ to: call.to, ...(call.data ? { data: call.data } : {}), ...(call.value ? { value: `0x${BigInt(call.value).toString(16)}` } : {}) })),
      ...(request.capabilities ? { capabilities: request.capabilities } : {}),
    },
  ]
}
