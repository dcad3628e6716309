import { devBitcoinKeyAt } from '../bitcoin/devBitcoin.js'
import { cosmosAddressOf } from './cosmosAddress.js'
import { cosmosSandboxPrefix } from './cosmosSandboxChain.js'

/**
 * The dev Cosmos key: BIP-44 coin type 118 (every Cosmos SDK chain), account 0, first address, of
 * the same public test mnemonic as the other dev accounts ("test test … junk"). Keplr restoring that
 * mnemonic shows this very address. Never hold real funds with it.
 */
export const devCosmosDerivationPath = "m/44'/118'/0'/0/0"

/** The faucet's key: the next address of the same account. */
export const cosmosFaucetDerivationPath = "m/44'/118'/0'/0/1"

/** The dev key's sandbox address. A test pins it to the derivation (and to cosmjs's own HD wallet). */
export const devCosmosAddress = 'portico15yk64u7zc9g9k2yr2wmzeva5qgwxps6yjt05ah'

/** The dev key's compressed public key, written out so the dev wallet needs no derivation to show it; a test pins it. */
export const devCosmosPublicKeyHex = '0223aa679d6d5344e201e0df9f02ab15a84726eee0dfb4e953c46a9e2cb52349dc'

/** The faucet's sandbox address. */
export const cosmosFaucetAddress = 'portico1erxf3sa9q2j4vgseu7jq4a258ckmk7cym86srt'

/** What the dev address holds at start: 1,000 PTC and 5,000 pUSD (base units). */
export const devCosmosFunding = { native: 1_000_000_000n, token: 5_000_000_000n } as const

/** What the faucet holds at start: 1,000,000,000 PTC (base units). */
export const cosmosFaucetFunding = 1_000_000_000_000_000n

const cache = new Map<string, { privateKey: Uint8Array; publicKey: Uint8Array; address: string }>()

/**
 * A key of the test mnemonic at a BIP-32 path, with its sandbox address.
 *
 * @param path {@link devCosmosDerivationPath} or {@link cosmosFaucetDerivationPath}
 * @returns the private key, the compressed public key and the `portico1…` address
 * @example
 * devCosmosKey().address // devCosmosAddress
 */
export function devCosmosKey(path: string = devCosmosDerivationPath): { privateKey: Uint8Array; publicKey: Uint8Array; address: string } {
  let key = cache.get(path)
  if (!key) {
    const { privateKey, publicKey } = devBitcoinKeyAt(path)
    key = { privateKey, publicKey, address: cosmosAddressOf(publicKey, cosmosSandboxPrefix) }
    cache.set(path, key)
  }
  return key
}
