import type { HDAccount } from 'viem'
import { hexToBytes } from '@noble/hashes/utils.js'
import { mnemonicToAccount } from 'viem/accounts'

/**
 * The standard public test mnemonic that anvil (and Hardhat) fund by default.
 * Never hold real funds with it: every developer in the world knows it.
 */
export const devMnemonic = 'test test test test test test test test test test test junk'

/**
 * The BIP-39 seed of {@link devMnemonic} (PBKDF2-HMAC-SHA512, salt "mnemonic", 2048 rounds), written
 * out so a page that derives the dev keys of several chains (the dev wallets, the wallet page) does
 * not run those 2048 rounds for each of them on every load. A test pins it to
 * `mnemonicToSeedSync(devMnemonic)`.
 */
export const devMnemonicSeedHex = '9dfc3c64c2f8bede1533b6a79f8570e5943e0b8fd1cf77107adf7b72cef42185d564a3aee24cab43f80e3c4538087d70fc824eabbad596a23c97b6ee8322ccc0'

/**
 * The BIP-39 seed of {@link devMnemonic} as bytes (a fresh copy each call).
 *
 * @example
 * HDKey.fromMasterSeed(devMnemonicSeed()).derive("m/84'/1'/0'/0/0")
 */
export function devMnemonicSeed(): Uint8Array {
  return hexToBytes(devMnemonicSeedHex)
}

/**
 * The dev account at `index` of the standard test mnemonic (path m/44'/60'/0'/0/index).
 *
 * @param index - The address index, 0 to 2^31 - 1.
 * @returns A viem HD account that signs locally.
 * @example
 * const alice = devAccount(0) // 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
 */
export function devAccount(index: number): HDAccount {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) {
    throw new RangeError(`devAccount: index must be an integer from 0 to 2^31 - 1, got ${String(index)}`)
  }
  return mnemonicToAccount(devMnemonic, { addressIndex: index })
}

/**
 * The addresses of the first 10 dev accounts (index 0 = 0xf39F…2266), the ones anvil funds with
 * 10,000 ETH each. Written out so importing this file derives no keys; a test pins them to
 * `devAccount(i).address`.
 */
export const devAddresses: readonly `0x${string}`[] = Object.freeze([
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const)
