import type { BitcoinWallet, BitcoinWalletAccount } from './bitcoinWallet.js'
import { cleanIcon, cleanName, isRecord, walletError } from './walletText.js'

/**
 * A WBIP004 provider: `request(method, params)` resolving a JSON-RPC 2.0 envelope; Xverse-style
 * providers add `addListener(event, listener)` (events `accountChange`, `disconnect`) returning the remover.
 */
export type Wbip004Provider = { request(method: string, params?: unknown): Promise<unknown>; addListener?(event: string, listener: (event: unknown) => void): unknown }
/** An entry of `window.btc_providers`: `id` is a dotted path on `window` to the provider. */
export type Wbip004Listing = { id?: unknown; name?: unknown; icon?: unknown; methods?: unknown }

function resolvePath(root: object, path: string): unknown {
  let value: unknown = root
  for (const part of path.split('.')) {
    if (!isRecord(value) && typeof value !== 'function') return undefined
    if (part === '__proto__' || part === 'constructor' || part === 'prototype') return undefined
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

async function call(provider: Wbip004Provider, method: string, params?: unknown): Promise<unknown> {
  let envelope: unknown
  try {
    envelope = await provider.request(method, params)
  } catch (error) {
    // WBIP004 rejects with the envelope itself (`{ jsonrpc, id, error: { code, message } }`).
    throw walletError(isRecord(error) && isRecord(error.error) ? error.error : error)
  }
  if (isRecord(envelope) && 'error' in envelope && envelope.error) throw walletError(envelope.error)
  return isRecord(envelope) && 'result' in envelope ? envelope.result : envelope
}

function readAccounts(result: unknown): BitcoinWalletAccount[] {
  const list = isRecord(result) && Array.isArray(result.addresses) ? result.addresses : []
  const accounts: BitcoinWalletAccount[] = []
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.address !== 'string') continue
    const purpose = entry.purpose === 'ordinals' || entry.purpose === 'ordinal' ? 'ordinal' : entry.purpose === 'payment' ? 'payment' : undefined
    if (!purpose) continue // Stacks and other purposes are not Bitcoin accounts
    accounts.push({ address: entry.address, purpose, ...(typeof entry.publicKey === 'string' ? { publicKey: entry.publicKey } : {}) })
  }
  return accounts
}

/**
 * Wraps one `window.btc_providers` listing (Leather, Xverse, the Portico dev wallet, …) as a
 * {@link BitcoinWallet}: connects with `wallet_connect` when the wallet lists it, else `getAddresses`.
 *
 * @param root - the global object the listing's dotted `id` is resolved on (the window)
 * @param listing - the entry of `btc_providers`
 * @returns the wallet, or `undefined` when the listing is malformed or its provider absent
 * @example
 * const wallet = wbip004Wallet(window, window.btc_providers[0])
 */
export function wbip004Wallet(root: object, listing: Wbip004Listing): BitcoinWallet | undefined {
  if (!isRecord(listing) || typeof listing.id !== 'string' || listing.id.length > 128) return undefined
  const provider = resolvePath(root, listing.id)
  if (!isRecord(provider) || typeof provider.request !== 'function') return undefined
  const name = cleanName(listing.name)
  if (!name) return undefined
  const p = provider as unknown as Wbip004Provider
  const methods = Array.isArray(listing.methods) ? listing.methods.filter((m): m is string => typeof m === 'string') : []
  const icon = cleanIcon(listing.icon)
  return {
    id: listing.id,
    name,
    ...(icon ? { icon } : {}),
    style: 'wbip004',
    async connect() {
      const purposes = ['payment', 'ordinals']
      const result = methods.includes('wallet_connect') ? await call(p, 'wallet_connect', { addresses: purposes }) : await call(p, 'getAddresses', { purposes })
      return readAccounts(result)
    },
    async signMessage({ address, message }) {
      const result = await call(p, 'signMessage', { address, message, protocol: 'BIP322' })
      const signature = isRecord(result) ? result.signature : undefined
      if (typeof signature !== 'string') throw walletError({ code: -32603, message: 'The wallet returned no signature' })
      return { signature }
    },
    async sendTransfer({ address, amount }) {
      const result = await call(p, 'sendTransfer', { recipients: [{ address, amount: amount.toString() }] })
      const txid = isRecord(result) ? result.txid : undefined
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw walletError({ code: -32603, message: 'The wallet returned no transaction id' })
      return txid
    },
    async signPsbt({ psbt, address, inputs }) {
      const result = await call(p, 'signPsbt', { psbt, signInputs: { [address]: inputs }, broadcast: false })
      const signed = isRecord(result) ? result.psbt : undefined
      if (typeof signed !== 'string') throw walletError({ code: -32603, message: 'The wallet returned no PSBT' })
      return signed
    },
    ...(methods.includes('wallet_disconnect') ? { disconnect: async () => void (await call(p, 'wallet_disconnect')) } : {}),
    ...(typeof p.addListener === 'function'
      ? {
          onAccountsChanged(listener: (accounts: BitcoinWalletAccount[]) => void) {
            const removers: unknown[] = []
            const subscribe = (event: string, handle: (payload: unknown) => void) => {
              try {
                removers.push(p.addListener!(event, handle))
              } catch {
                // a provider that refuses the event name has no such event
              }
            }
            // `accountChange` carries the new addresses (sats-connect's shape) or nothing: then they are asked for again, without a prompt for a site already allowed.
            subscribe('accountChange', (payload) => {
              const carried = isRecord(payload) && Array.isArray(payload.addresses) ? readAccounts(payload) : undefined
              if (carried) return listener(carried)
              call(p, 'getAddresses', { purposes: ['payment', 'ordinals'] }).then(
                (result) => listener(readAccounts(result)),
                () => listener([]),
              )
            })
            subscribe('disconnect', () => listener([]))
            return () => {
              for (const remove of removers) if (typeof remove === 'function') remove()
            }
          },
        }
      : {}),
  }
}
