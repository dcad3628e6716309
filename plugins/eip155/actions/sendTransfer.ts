import { BaseError, parseCaipAddress, type SendRequest } from '../../../kernel/index.js'
import type { Eip1193Provider } from '../discovery/Eip1193Provider.js'

/**
 * Sends native currency (`eth_sendTransaction` with a value) or an ERC-20 (`transfer(to, amount)`
 * to the token contract) through the wallet. Amounts are decimal strings converted with the
 * token's decimals (never floats).
 *
 * @returns the transaction hash
 */
export async function sendTransfer(provider: Eip1193Provider, request: SendRequest): Promise<string> {
  const { encodeFunctionData, parseUnits, numberToHex } = await import('../lazy/viemTransfer.js')
  const from = request.from
  if (!request.token) {
    const value = parseUnits(request.amount, request.network.nativeCurrency.decimals)
    return (await provider.request({ method: 'eth_sendTransaction', params: [{ from, to: request.to, value: numberToHex(value), data: '0x' }] })) as string
  }
  const token = parseCaipAddress(request.token)
  if (request.decimals === undefined) throw new BaseError('The token decimals are required to send a token')
  const data = encodeFunctionData({
    abi: [{ type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ type: 'bool' }] }],
    functionName: 'transfer',
    args: [request.to as `0x${string}`, parseUnits(request.amount, request.decimals)],
  })
  return (await provider.request({ method: 'eth_sendTransaction', params: [{ from, to: token.address, data, value: '0x0' }] })) as string
}
