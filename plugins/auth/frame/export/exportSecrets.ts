import { base58 } from '@scure/base'
import { bytesToHex } from 'viem'
import { FrameFailure } from '../errors.js'
import type { WalletKeys } from '../keys/deriveWalletKeys.js'

/** What the export screen shows: the eip155 private key (hex) and the solana secret key (base58, 64 bytes as Phantom imports it). */
export type ExportSecrets = { eip155Address: string; eip155PrivateKey: string; solanaAddress: string; solanaSecretKey: string }

/**
 * The exportable forms of the wallet's keys.
 *
 * @example
 * const secrets = exportSecrets(keys) // { eip155PrivateKey: '0x…', solanaSecretKey: '…' }
 */
export function exportSecrets(keys: WalletKeys): ExportSecrets {
  const privateKey = keys.eip155.getHdKey().privateKey
  if (!privateKey) throw new FrameFailure('SERVER_ERROR', 'The key could not be exported')
  const solana = new Uint8Array(64)
  solana.set(keys.solana.privateKey, 0)
  solana.set(keys.solana.publicKey, 32)
  const out = { eip155Address: keys.accounts.eip155, eip155PrivateKey: bytesToHex(privateKey), solanaAddress: keys.accounts.solana, solanaSecretKey: base58.encode(solana) }
  solana.fill(0)
  return out
}

/** How fresh the login must be to export (docs/guides/embedded-wallet.md §2.4). */
export const exportFreshnessMs = 5 * 60_000
