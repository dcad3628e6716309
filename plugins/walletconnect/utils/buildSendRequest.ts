import { BaseError, parseCaipAddress, type SendRequest } from '../../../kernel/index.js'
import { UnsupportedRequestError } from '../errors.js'
import type { WalletRequest } from './buildSignMessageRequest.js'

const transferAbi = [
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ type: 'bool' }] },
] as const

/**
 * The session request that submits a transfer: `eth_sendTransaction` with a value (native) or a
 * `transfer(to, amount)` call to the token contract (ERC-20). Amounts are decimal strings
 * converted with the currency's decimals (never floats).
 *
 * @returns the request
 * @throws UnsupportedRequestError outside eip155
 * @example
 * await buildSendRequest({ namespace: 'eip155', from, to, amount: '0.5', network, connectorId: 'walletConnect' })
 */
export async function buildSendRequest(request: SendRequest): Promise<WalletRequest> {
  if (request.namespace !== 'eip155') throw new UnsupportedRequestError({ namespace: request.namespace, action: 'Sending' })
  const { encodeFunctionData, numberToHex, parseUnits } = await import('../lazy/viemEncoding.js')
  const from = request.from
  if (!request.token) {
    const value = parseUnits(request.amount, request.network.nativeCurrency.decimals)
    return { method: 'eth_sendTransaction', params: [{ from, to: request.to, value: numberToHex(value), data: '0x' }] }
  }
  const token = parseCaipAddress(request.token)
  if (request.decimals === undefined) throw new BaseError('The token decimals are required to send a token')
  const data = encodeFunctionData({ abi: transferAbi, functionName: 'transfer', args: [request.to as `0x${string}`, parseUnits(request.amount, request.decimals)] })
  return { method: 'eth_sendTransaction', params: [{ from, to: token.address, data, value: '0x0' }] }
}
