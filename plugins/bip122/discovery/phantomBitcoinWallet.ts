import { base64, hex } from '@scure/base'
import { BitcoinWalletFeatureError } from '../errors.js'
import type { BitcoinSignInput, BitcoinWallet, BitcoinWalletAccount } from './bitcoinWallet.js'
import { isRecord, walletError } from './walletText.js'

/** Phantom's Bitcoin provider, `window.phantom.bitcoin` (https://docs.phantom.com/bitcoin/provider-api-reference). */
type PhantomBitcoin = {
  isPhantom: true
  requestAccounts(): Promise<unknown>
  signMessage(address: string, message: Uint8Array): Promise<unknown>
  signPSBT(psbt: Uint8Array, options: { inputsToSign: { address: string; signingIndexes: number[]; sigHash?: number }[] }): Promise<unknown>
  on?(event: string, listener: (value: unknown) => void): unknown
  removeListener?(event: string, listener: (value: unknown) => void): unknown
  off?(event: string, listener: (value: unknown) => void): unknown
}

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw walletError(error)
  }
}

/** Phantom's `BtcAccount[]` (`{ address, addressType, publicKey, purpose }`) as the plugin's accounts; entries of another shape are dropped. */
function readAccounts(value: unknown): BitcoinWalletAccount[] | undefined {
  if (!Array.isArray(value)) return undefined
  const accounts: BitcoinWalletAccount[] = []
  for (const entry of value.slice(0, 10)) {
    if (!isRecord(entry) || typeof entry.address !== 'string' || entry.address.length > 100) continue
    const purpose = entry.purpose === 'ordinals' ? 'ordinal' : entry.purpose === 'payment' ? 'payment' : undefined
    if (!purpose) continue
    const publicKey = typeof entry.publicKey === 'string' && /^(?:0[23])?[0-9a-f]{64}$/i.test(entry.publicKey) ? entry.publicKey.toLowerCase() : undefined
    accounts.push({ address: entry.address, purpose, ...(publicKey ? { publicKey } : {}) })
  }
  return accounts
}

/** A serialized PSBT as Phantom answers it: bytes (its "Send a transaction" page) or a hex string (its API reference). */
function psbtBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value
  if (typeof value === 'string' && /^70736274ff(?:[0-9a-f]{2})*$/i.test(value)) return hex.decode(value.toLowerCase())
  return undefined
}

/**
 * Phantom's `inputsToSign`: the indexes by address, and by sighash type where one is asked (`sigHash`
 * takes one type; an input allowed several is left to Phantom's default).
 */
function inputsToSign(inputs: readonly BitcoinSignInput[]): { address: string; signingIndexes: number[]; sigHash?: number }[] {
  const groups = new Map<string, { address: string; signingIndexes: number[]; sigHash?: number }>()
  for (const { address, index, sighashTypes } of inputs) {
    const sigHash = sighashTypes?.length === 1 ? sighashTypes[0] : undefined
    const key = `${address} ${sigHash ?? ''}`
    const group = groups.get(key) ?? { address, signingIndexes: [], ...(sigHash === undefined ? {} : { sigHash }) }
    group.signingIndexes.push(index)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/**
 * Wraps Phantom's Bitcoin provider, `window.phantom.bitcoin` (checked by its `isPhantom` flag), as a
 * {@link BitcoinWallet}: `requestAccounts()` answers the payment (P2WPKH) and ordinals (P2TR)
 * accounts with their purpose and public key, and reconnects a trusted site without a prompt;
 * `signMessage(address, bytes)` answers `{ signature: bytes }` (BIP-322, verified with bip322-js
 * in Phantom's docs); `signPSBT(bytes, { inputsToSign: [{ address, signingIndexes, sigHash? }] })` answers the signed, not finalized PSBT;
 * `accountsChanged` carries the new `BtcAccount[]`. There is no programmatic disconnect and no send
 * method: the plugin pays with a PSBT it builds.
 *
 * @param provider - `window.phantom.bitcoin`
 * @returns the wallet, or `undefined` when the object is not Phantom's Bitcoin provider
 * @example
 * const wallet = phantomBitcoinWallet(window.phantom?.bitcoin)
 */
export function phantomBitcoinWallet(provider: unknown): BitcoinWallet | undefined {
  if (!isRecord(provider) || provider.isPhantom !== true || typeof provider.requestAccounts !== 'function' || typeof provider.signPSBT !== 'function' || typeof provider.signMessage !== 'function') return undefined
  const p = provider as unknown as PhantomBitcoin
  return {
    id: 'phantom',
    name: 'Phantom',
    style: 'phantom',
    connect: () =>
      guard(async () => {
        const accounts = readAccounts(await p.requestAccounts())
        if (!accounts) throw { code: -32603, message: 'Phantom answered requestAccounts with no list of accounts' }
        return accounts
      }),
    signMessage: async ({ address, message, protocol }) => {
      // Phantom signs BIP-322 only (its `signMessage`).
      if (protocol === 'ecdsa') throw new BitcoinWalletFeatureError({ feature: 'ECDSA (BIP-137) message signing', wallet: 'Phantom' })
      return guard(async () => {
        const answer = await p.signMessage(address, new TextEncoder().encode(message))
        const signature = isRecord(answer) ? answer.signature : undefined
        if (!(signature instanceof Uint8Array) || signature.length === 0 || signature.length > 1_500) throw { code: -32603, message: 'Phantom returned no signature' }
        return { signature: base64.encode(signature) }
      })
    },
    signPsbt: ({ psbt, inputs }) =>
      guard(async () => {
        const signed = psbtBytes(await p.signPSBT(base64.decode(psbt), { inputsToSign: inputsToSign(inputs) }))
        if (!signed) throw { code: -32603, message: 'Phantom returned no PSBT' }
        return base64.encode(signed)
      }),
    ...(typeof p.on === 'function'
      ? {
          onAccountsChanged(listener: (accounts: BitcoinWalletAccount[]) => void) {
            const handle = (accounts: unknown) => listener(readAccounts(accounts) ?? [])
            try {
              p.on!('accountsChanged', handle)
            } catch {
              return () => undefined
            }
            return () => {
              try {
                if (typeof p.removeListener === 'function') p.removeListener('accountsChanged', handle)
                else p.off?.('accountsChanged', handle)
              } catch {
                // the wallet is gone
              }
            }
          },
        }
      : {}),
  }
}
