import { hexToBytes } from '@noble/hashes/utils.js'
import { devMnemonic } from '../devnets/devAccounts.js'
import { encodeSs58 } from '../../plugins/polkadot/server/index.js'
import { type PolkadotDevKey, polkadotKeyFromMiniSecret } from '../polkadotWallet/derivePolkadotDevKey.js'
import { polkadotSandboxSs58Prefix } from './polkadotSandboxChain.js'

/**
 * The dev wallet's two sr25519 accounts, from the same public test mnemonic as the EVM dev accounts
 * ("test test … junk"): the phrase itself and `//1`, as the Polkadot.js extension derives them. A
 * test pins them to `@polkadot/keyring`. Never hold real funds with them.
 */
export const devPolkadotAccounts = [
  { name: 'Dev account 1', suri: devMnemonic },
  { name: 'Dev account 2', suri: `${devMnemonic}//1` },
] as const

/** What the sandbox gives each dev account at start: 1,000 ROC (12 decimals). */
export const devPolkadotFunding = 1_000n * 10n ** 12n

/**
 * substrate-bip39's mini secret of {@link devMnemonic}, written out so a page does not run PBKDF2's
 * 2048 rounds for it on every load. A test pins it to `polkadotMiniSecret(devMnemonic)`.
 */
export const devPolkadotMiniSecretHex = '4ca479f5e0dc0ee04ebcbadb64c220267dad42b8cfa4da1f0874787523b4709c'

/** The two dev accounts' sr25519 public keys, written out so the dev wallet lists them without deriving; a test pins them. */
export const devPolkadotPublicKeysHex = ['d000ac5048ae858aca2e6aa43e00661562a47026fe88ff83992430204a159752', '58040151a5dc1ecf0a0edd181c69c4413b6a651f0b7f8e981211de66162e2729'] as const

const keys: PolkadotDevKey[] = []

/**
 * The dev account's key pair.
 *
 * @param index 0 or 1
 * @example
 * devPolkadotKey(0).publicKey
 */
export function devPolkadotKey(index: 0 | 1): PolkadotDevKey {
  keys[index] ??= polkadotKeyFromMiniSecret(hexToBytes(devPolkadotMiniSecretHex), index === 0 ? undefined : 1)
  return keys[index] as PolkadotDevKey
}

/**
 * The dev account's address in the sandbox's prefix (42).
 *
 * @example
 * devPolkadotAddress(0) // '5…'
 */
export function devPolkadotAddress(index: 0 | 1): string {
  return encodeSs58(devPolkadotKey(index).publicKey, polkadotSandboxSs58Prefix)
}
