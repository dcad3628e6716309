/**
 * A Sui coin type as the address part of a CAIP-10 token id: CAIP-10 allows only `-.%a-zA-Z0-9`,
 * so `:` and `_` are percent-encoded (`0x2::sui::SUI` → `0x2%3A%3Asui%3A%3ASUI`);
 * `decodeURIComponent` gives the coin type back.
 *
 * @param coinType e.g. `0x…::pusd::PUSD`
 * @returns the encoded form
 * @example
 * `sui:mainnet:${encodeSuiCoinType(coinType)}`
 */
export function encodeSuiCoinType(coinType: string): string {
  return coinType.replace(/[^-.a-zA-Z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
}
