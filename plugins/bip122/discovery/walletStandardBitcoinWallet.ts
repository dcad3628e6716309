import { base64 } from '@scure/base'
import { BitcoinWalletFeatureError } from '../errors.js'
import type { BitcoinWallet } from './bitcoinWallet.js'
import { cleanIcon, cleanName, isRecord, walletError } from './walletText.js'

/** The part of a Wallet Standard wallet the plugin reads. */
export type StandardWallet = { name: string; icon?: string; features: Record<string, unknown>; accounts?: readonly unknown[] }

type StandardAccount = { address: string; publicKey?: Uint8Array; purpose?: string }

/**
 * Wraps a Wallet Standard wallet with `bitcoin:connect` (the Exodus bitcoin-wallet-standard
 * features) as a {@link BitcoinWallet}.
 *
 * @param wallet - a registered wallet
 * @returns the wallet, or `undefined` when it has no `bitcoin:connect`
 * @example
 * const wallet = walletStandardBitcoinWallet(registered)
 */
export function walletStandardBitcoinWallet(wallet: StandardWallet): BitcoinWallet | undefined {
  try {
    const connect = wallet.features?.['bitcoin:connect'] as { connect?: unknown } | undefined
    if (typeof connect?.connect !== 'function') return undefined
    const name = cleanName(wallet.name)
    if (!name) return undefined
    const icon = cleanIcon(wallet.icon)
    let accounts: StandardAccount[] = []
    const guard = async <T,>(run: () => Promise<T>) => {
      try {
        return await run()
      } catch (error) {
        throw walletError(error)
      }
    }
    return {
      id: name,
      name,
      ...(icon ? { icon } : {}),
      style: 'walletStandard',
      connect: () =>
        guard(async () => {
          const output = (await (connect.connect as (input: unknown) => Promise<unknown>)({ purposes: ['payment', 'ordinals'] })) as { accounts?: unknown }
          accounts = (Array.isArray(output?.accounts) ? output.accounts : []).filter((a): a is StandardAccount => isRecord(a) && typeof a.address === 'string')
          return accounts.map((a) => ({ address: a.address, purpose: a.purpose === 'ordinals' ? ('ordinal' as const) : ('payment' as const) }))
        }),
      ...(typeof (wallet.features['standard:events'] as { on?: unknown } | undefined)?.on === 'function'
        ? {
            onAccountsChanged(listener: (accounts: { address: string; purpose: 'payment' | 'ordinal' }[]) => void) {
              const events = wallet.features['standard:events'] as { on(event: 'change', listener: (properties: { accounts?: unknown }) => void): () => void }
              return events.on('change', (properties) => {
                if (!properties || !('accounts' in properties)) return // another property changed
                const known = new Map(accounts.map((a) => [a.address, a.purpose]))
                accounts = (Array.isArray(properties.accounts) ? properties.accounts : []).filter((a): a is StandardAccount => isRecord(a) && typeof a.address === 'string')
                listener(accounts.map((a) => ({ address: a.address, purpose: (a.purpose ?? known.get(a.address)) === 'ordinals' ? ('ordinal' as const) : ('payment' as const) })))
              })
            },
          }
        : {}),
      signMessage: async ({ address, message, protocol }) => {
        // `bitcoin:signMessage` signs BIP-322.
        if (protocol === 'ecdsa') throw new BitcoinWalletFeatureError({ feature: 'ECDSA (BIP-137) message signing', wallet: name })
        return guard(async () => {
          const feature = wallet.features['bitcoin:signMessage'] as { signMessage?: unknown } | undefined
          const account = accounts.find((a) => a.address === address)
          if (typeof feature?.signMessage !== 'function' || !account) throw { code: 4200, message: `${name} cannot sign messages for this account` }
          const outputs = (await (feature.signMessage as (input: unknown) => Promise<unknown>)({ account, message: new TextEncoder().encode(message) })) as unknown
          const signature = Array.isArray(outputs) && isRecord(outputs[0]) ? outputs[0].signature : undefined
          if (!(signature instanceof Uint8Array)) throw { code: -32603, message: 'The wallet returned no signature' }
          return { signature: base64.encode(signature) }
        })
      },
    }
  } catch {
    return undefined // a wallet whose getters throw is not offered
  }
}
