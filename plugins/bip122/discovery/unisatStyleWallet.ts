import { base64, hex } from '@scure/base'
import type { BitcoinSignInput, BitcoinWallet, BitcoinWalletAccount, BitcoinWalletStyle } from './bitcoinWallet.js'
import { isRecord, walletError } from './walletText.js'

/** The part of a Unisat-dialect provider (`window.unisat`, `window.okxwallet.bitcoin`) the plugin calls. */
type UnisatDialect = {
  requestAccounts(): Promise<unknown>
  getAccounts?(): Promise<unknown>
  getPublicKey?(): Promise<unknown>
  signMessage(message: string, type?: string): Promise<unknown>
  signPsbt?(psbtHex: string, options?: unknown): Promise<unknown>
  sendBitcoin?(to: string, sats: number): Promise<unknown>
  disconnect?(): Promise<unknown>
  on?(event: string, listener: (value: unknown) => void): unknown
  removeListener?(event: string, listener: (value: unknown) => void): unknown
}

export type UnisatStyleWalletOptions = {
  id: string
  name: string
  style: BitcoinWalletStyle
  /**
   * The account events and how each carries the new address: Unisat's `accountsChanged` a list of
   * addresses, OKX's `accountChanged` one `{ address, publicKey }` (or nothing when the site is
   * disconnected).
   */
  events: readonly { name: string; addresses(payload: unknown): string[] }[]
}

const publicKeyPattern = /^(?:0[23])?[0-9a-f]{64}$/i
const psbtHexPattern = /^70736274ff(?:[0-9a-f]{2})*$/i

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw walletError(error)
  }
}

/** Unisat's `string[]` of addresses; anything else is a malformed answer. */
export function addressList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string' && a.length <= 100) : undefined
}

/**
 * Wraps a provider of Unisat's dialect (`window.unisat` and its clones, OKX's
 * `window.okxwallet.bitcoin`) as a {@link BitcoinWallet}: the one current address
 * (`requestAccounts`, or `getAccounts` for a silent reconnect, which never prompts and answers
 * `[]` to a site not allowed), its public key (`getPublicKey`), BIP-322 simple (or ECDSA) messages, PSBTs as
 * hex with `{ autoFinalized: false, toSignInputs: [{ index, address, sighashTypes? }] }` (the plugin finalizes),
 * `sendBitcoin`, the wallet's account events, and `disconnect` where the wallet has it.
 *
 * @param provider - the injected object
 * @param options - id, name, style and the account events of this wallet
 * @returns the wallet, or `undefined` when the object lacks `requestAccounts` or `signMessage`
 * @example
 * const wallet = unisatStyleWallet(window.unisat, { id: 'unisat', name: 'Unisat', style: 'unisat', events })
 */
export function unisatStyleWallet(provider: unknown, { id, name, style, events }: UnisatStyleWalletOptions): BitcoinWallet | undefined {
  if (!isRecord(provider) || typeof provider.requestAccounts !== 'function' || typeof provider.signMessage !== 'function') return undefined
  const u = provider as unknown as UnisatDialect
  const readPublicKey = async (): Promise<string | undefined> => {
    if (typeof u.getPublicKey !== 'function') return undefined
    try {
      const key = await u.getPublicKey()
      return typeof key === 'string' && publicKeyPattern.test(key) ? key.toLowerCase() : undefined
    } catch {
      return undefined // the key only helps Taproot sends; the connection stands without it
    }
  }
  const accountsOf = async (addresses: string[]): Promise<BitcoinWalletAccount[]> => {
    // The wallet exposes one address, its current one (whatever its type): the plugin pays from it.
    const address = addresses[0]
    if (!address) return []
    const publicKey = await readPublicKey()
    return [{ address, purpose: 'payment', ...(publicKey ? { publicKey } : {}) }]
  }
  return {
    id,
    name,
    style,
    connect: (options) =>
      guard(async () => {
        const silent = options?.silent === true && typeof u.getAccounts === 'function'
        const answer = silent ? await u.getAccounts!() : await u.requestAccounts()
        const addresses = addressList(answer)
        if (!addresses) throw { code: -32603, message: `${name} answered ${silent ? 'getAccounts' : 'requestAccounts'} with no list of addresses` }
        return accountsOf(addresses)
      }),
    signMessage: ({ message, protocol }) =>
      guard(async () => {
        const signature = await u.signMessage(message, protocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple')
        if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2_000) throw { code: -32603, message: `${name} returned no signature` }
        return { signature }
      }),
    ...(typeof u.signPsbt === 'function'
      ? {
          signPsbt: ({ psbt, inputs }: { psbt: string; inputs: readonly BitcoinSignInput[] }) =>
            guard(async () => {
              const toSignInputs = inputs.map(({ index, address, sighashTypes }) => ({ index, address, ...(sighashTypes ? { sighashTypes: [...sighashTypes] } : {}) }))
              const signed = await u.signPsbt!(hex.encode(base64.decode(psbt)), { autoFinalized: false, toSignInputs })
              if (typeof signed !== 'string' || !psbtHexPattern.test(signed)) throw { code: -32603, message: `${name} returned no PSBT (a hex string was expected)` }
              return base64.encode(hex.decode(signed.toLowerCase()))
            }),
        }
      : {}),
    ...(typeof u.sendBitcoin === 'function'
      ? {
          sendTransfer: ({ address, amount }: { address: string; amount: bigint }) =>
            guard(async () => {
              const txid = await u.sendBitcoin!(address, Number(amount))
              if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw { code: -32603, message: `${name} returned no transaction id` }
              return txid
            }),
        }
      : {}),
    ...(typeof u.disconnect === 'function' ? { disconnect: () => guard(async () => void (await u.disconnect!())) } : {}),
    ...(typeof u.on === 'function'
      ? {
          onAccountsChanged(listener: (accounts: BitcoinWalletAccount[]) => void) {
            let latest = 0
            const handlers = events.map(({ name: event, addresses }) => {
              const handle = (payload: unknown) => {
                const call = ++latest
                void accountsOf(addresses(payload)).then((accounts) => {
                  if (call === latest) listener(accounts) // a newer change wins over a slower key read
                })
              }
              try {
                u.on!(event, handle)
              } catch {
                // the wallet refuses this event name
              }
              return [event, handle] as const
            })
            return () => {
              latest++
              for (const [event, handle] of handlers) {
                try {
                  u.removeListener?.(event, handle)
                } catch {
                  // the wallet is gone
                }
              }
            }
          },
        }
      : {}),
  }
}
