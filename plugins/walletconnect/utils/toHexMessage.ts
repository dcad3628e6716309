/**
 * A message as the hex string `personal_sign` expects (its UTF-8 bytes).
 *
 * @example
 * toHexMessage('hi') // '0x6869'
 */
export function toHexMessage(message: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(message)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}
