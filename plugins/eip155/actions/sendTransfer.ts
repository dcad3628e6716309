import { BaseError, parseCaipAddress, type SendRequest } from '../../../kernel/kernel.js'
import type { Eip1193Provider } from '../discovery/Eip1193Provider.js'

/** A transfer as an `eth_sendTransaction` / `eth_estimateGas` call object (hex quantities). */
export type TransferCall = { from: string; to: string; value: string; data: string }

/**
 * Builds the call of a transfer: native currency (a value to the receiver) or an ERC-20
 * (`transfer(to, amount)` to the token contract). Amounts are decimal strings converted with the
 * token's decimals (never floats).
 *
 * @example
 * await buildTransfer({ ...request, amount: '0.5' }) // { from, to, value: '0x6f05b59d3b20000', data: '0x' }
 */
export async function buildTransfer(request: SendRequest): Promise<TransferCall> {
  const { encodeFunctionData, parseUnits, numberToHex } = await import('../lazy/viemTransfer.js')
  const from = request.from
  if (!request.token) return { from, to: request.to, value: numberToHex(parseUnits(request.amount, request.network.nativeCurrency.decimals)), data: '0x' }
  const token = parseCaipAddress(request.token)
  if (request.decimals === undefined) throw new BaseError('The token decimals are required to send a token')
  const data = encodeFunctionData({
    abi: [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ type: 'bool' }] }],
    functionName: 'transfer',
    args: [request.to as `0x${string}`, parseUnits(request.amount, request.decimals)],
  })
  return { from, to: token.address, data, value: '0x0' }
}

/**
 * Sends a transfer (`buildTransfer`) through the wallet with `eth_sendTransaction`.
 *
 * @returns the transaction hash
 */
export async function sendTransfer(provider: Eip1193Provider, request: SendRequest): Promise<string> {
  return (await provider.request({ method: 'eth_sendTransaction', params: [await buildTransfer(request)] })) as string
}
