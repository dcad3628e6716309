import type { BitcoinWallet } from './bitcoinWallet.js'
import { isRecord, walletError } from './walletText.js'

type Unisat = {
  requestAccounts(): Promise<unknown>
  getPublicKey?(): Promise<unknown>
  signMessage(message: string, type?: string): Promise<unknown>
  sendBitcoin?(to: string, sats: number): Promise<unknown>
  on?(event: string, listener: (value: unknown) => void): unknown
  removeListener?(event: string, listener: (value: unknown) => void): unknown
}

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw walletError(error)
  }
}

/**
 * Wraps `window.unisat` (Unisat and its Bitget / Binance Web3 clones) as a {@link BitcoinWallet}:
 * one payment account, BIP-322 simple messages, `sendBitcoin`.
 *
 * @param unisat - the injected object
 * @returns the wallet, or `undefined` when the object lacks `requestAccounts`
 * @example
 * const wallet = unisatWallet(window.unisat)
 */
export function unisatWallet(unisat: unknown): BitcoinWallet | undefined {
  if (!isRecord(unisat) || typeof unisat.requestAccounts !== 'function' || typeof unisat.signMessage !== 'function') return undefined
  const u = unisat as unknown as Unisat
  return {
    id: 'unisat',
    name: 'Unisat',
    style: 'unisat',
    connect: () =>
      guard(async () => {
        const accounts = await u.requestAccounts()
        return (Array.isArray(accounts) ? accounts : []).filter((a): a is string => typeof a === 'string').slice(0, 1).map((address) => ({ address, purpose: 'payment' as const }))
      }),
    signMessage: ({ message }) =>
      guard(async () => {
        const signature = await u.signMessage(message, 'bip322-simple')
        if (typeof signature !== 'string') throw { code: -32603, message: 'The wallet returned no signature' }
        return { signature }
      }),
    ...(typeof u.sendBitcoin === 'function'
      ? {
          sendTransfer: ({ address, amount }: { address: string; amount: bigint }) =>
            guard(async () => {
              const txid = await u.sendBitcoin!(address, Number(amount))
              if (typeof txid !== 'string') throw { code: -32603, message: 'The wallet returned no transaction id' }
              return txid
            }),
        }
      : {}),
    ...(typeof u.on === 'function'
      ? {
          onAccountsChanged(listener: (accounts: { address: string; purpose: 'payment' }[]) => void) {
            const handle = (accounts: unknown) =>
              listener((Array.isArray(accounts) ? accounts : []).filter((a): a is string => typeof a === 'string').slice(0, 1).map((address) => ({ address, purpose: 'payment' as const })))
            try {
              u.on!('accountsChanged', handle)
            } catch {
              return () => undefined
            }
            return () => {
              try {
                u.removeListener?.('accountsChanged', handle)
              } catch {
                // the wallet is gone
              }
            }
          },
        }
      : {}),
  }
}
