const evm = /^0x[0-9a-fA-F]{40}$/
const sui = /^0x[0-9a-fA-F]{64}$/
// Base58 (Solana 32-44, Polkadot SS58 46-48).
const base58 = /^[1-9A-HJ-NP-Za-km-z]{32,48}$/
// Bech32 / bech32m (bc1…, tb1…, cosmos1…, osmo1…).
const bech32 = /^[a-z]{1,83}1[02-9ac-hj-np-z]{6,87}$/
// Stacks c32 addresses (SP/SM mainnet, ST/SN testnet).
const stacks = /^S[PMTN][0-9A-HJKMNP-TV-Z]{28,41}$/
// Legacy Bitcoin P2PKH / P2SH.
const legacyBitcoin = /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/

/**
 * Whether a string looks like an account address of a namespace Portico knows (EVM, Solana,
 * Bitcoin, Cosmos, Polkadot, Sui, Stacks). Shape only: no checksum is verified.
 *
 * @param value - a plain address (not CAIP-10)
 * @returns true when it has the shape of an address
 * @example
 * isAccountAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 */
export function isAccountAddress(value: string): boolean {
  return [evm, sui, base58, bech32, stacks, legacyBitcoin].some((pattern) => pattern.test(value))
}
