/**
 * Reads an EIP-1193 chain id (`0x7a69`, or a decimal string or number from lenient wallets) as a
 * positive safe integer below 0x80000000 (spec §5: larger ids are invalid); undefined otherwise.
 *
 * @example
 * parseChainId('0x7a69') // 31337
 */
export function parseChainId(value: unknown): number | undefined {
  let id: number
  if (typeof value === 'number') id = value
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value)) id = Number.parseInt(value, 16)
  else if (typeof value === 'string' && /^\d{1,16}$/.test(value)) id = Number(value)
  else return undefined
  return Number.isSafeInteger(id) && id > 0 && id < 0x80000000 ? id : undefined
}
