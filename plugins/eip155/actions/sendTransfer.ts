import { BaseError, parseCaipAddress, parseDecimalUnits, type SendRequest } from '../../../kernel/kernel.js'
import type { Eip1193Provider } from '../discovery/Eip1193Provider.js'

/** A transfer as an `eth_sendTransaction` / `eth_estimateGas` call object (hex quantities). */
export type TransferCall = { from: string; to: string; value: string; data: string }

/** The ERC-20 `transfer(address,uint256)` selector: the first 4 bytes of the signature's keccak-256. */
const transferSelector = '0xa9059cbb'
const maxUint256 = (1n << 256n) - 1n

/**
 * Builds the call of a transfer: native currency (a value to the receiver) or an ERC-20
 * (`transfer(to, amount)` to the token contract). Amounts are decimal strings converted with the
 * token's decimals (never floats; the kernel's `parseDecimalUnits`, which refuses more decimals
 * than the token has rather than rounding), refused outside uint256. The token call is its
 * selector and two static 32-byte words (the receiver and the amount, zero-padded hex): exactly
 * what viem's `encodeFunctionData` gives, without the ABI coder or any viem code.
 *
 * @example
 * await buildTransfer({ ...request, amount: '0.5' }) // { from, to, value: '0x6f05b59d3b20000', data: '0x' }
 */
export async function buildTransfer(request: SendRequest): Promise<TransferCall> {
  const from = request.from
  /** The amount in base units, as hex digits without 0x. */
  const units = (decimals: number) => {
    const value = parseDecimalUnits(request.amount, decimals)
    const detail = { metaMessages: [`amount: ${String(request.amount).slice(0, 80)}`] }
    if (value === undefined) throw new BaseError(`The amount is not a decimal number with at most ${decimals} decimals`, detail)
    if (value > maxUint256) throw new BaseError('The amount does not fit in 256 bits (uint256)', detail)
    return value.toString(16)
  }
  if (!request.token) return { from, to: request.to, value: `0x${units(request.network.nativeCurrency.decimals)}`, data: '0x' }
  const token = parseCaipAddress(request.token)
  if (request.decimals === undefined) throw new BaseError('The token decimals are required to send a token')
  if (!/^0x[0-9a-fA-F]{40}$/.test(request.to)) throw new BaseError('The receiver is not an EVM address', { metaMessages: [`to: ${request.to.slice(0, 80)}`] })
  const receiver = request.to.slice(2).toLowerCase().padStart(64, '0')
  const amount = units(request.decimals).padStart(64, '0')
  return { from, to: token.address, data: `${transferSelector}${receiver}${amount}`, value: '0x0' }
}

/**
 * Sends a transfer (`buildTransfer`) through the wallet with `eth_sendTransaction`.
 *
 * @returns the transaction hash
 */
export async function sendTransfer(provider: Eip1193Provider, request: SendRequest): Promise<string> {
  return (await provider.request({ method: 'eth_sendTransaction', params: [await buildTransfer(request)] })) as string
}
