import type { BitcoinWallet, BitcoinWalletAccount } from './bitcoinWallet.js'
import { cleanIcon, cleanName, isRecord, walletError } from './walletText.js'

/**
 * A WBIP004 provider: `request(method, params)` resolving a JSON-RPC 2.0 envelope; Xverse-style
 * providers add `addListener({ eventName, cb })` (events `accountChange`, `disconnect`) returning the remover.
 */
export type Wbip004Provider = { request(method: string, params?: unknown): Promise<unknown>; addListener?(listener: { eventName: string; cb: (event: unknown) => void }): unknown }
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

/** How the wallet's JSON-RPC is reached: the provider itself, or a client library that speaks to it (sats-connect). */
export type Transport = {
  request(method: string, params?: unknown): Promise<unknown>
  /** Subscribes to a wallet event; resolves the remover. */
  listen?(event: string, listener: (payload: unknown) => void): Promise<() => void>
}

/** The provider called directly (WBIP004: `request` resolves or rejects a JSON-RPC envelope; Xverse-style `addListener({ eventName, cb })`). */
function directTransport(provider: Wbip004Provider): Transport {
  return {
    request: (method, params) => provider.request(method, params),
    ...(typeof provider.addListener === 'function'
      ? {
          listen: async (event: string, listener: (payload: unknown) => void) => {
            const remove = provider.addListener!({ eventName: event, cb: listener })
            return () => {
              if (typeof remove === 'function') remove()
            }
          },
        }
      : {}),
  }
}

/** The wallets whose own client library is sats-connect (Xverse), by their `btc_providers` id. */
export const satsConnectProviderIds: readonly string[] = ['XverseProviders.BitcoinProvider']

/**
 * Loads `sats-connect` for the plugin: a site that wants Xverse reached through Xverse's own client
 * passes `() => import('sats-connect')` (the package stays the site's choice, so sites without it
 * bundle nothing and need not install it).
 */
export type SatsConnectLoader = () => Promise<unknown>

/** Xverse through sats-connect: the transport loads on the first call (and sats-connect with it, through the site's loader). */
function lazySatsConnectTransport(providerId: string, provider: Wbip004Provider, loader: SatsConnectLoader): Transport {
  const direct = directTransport(provider)
  let loaded: Promise<Transport> | undefined
  const transport = () => (loaded ??= import('./satsConnectTransport.js').then(({ satsConnectTransport }) => satsConnectTransport(providerId, direct, loader)))
  return {
    request: async (method, params) => (await transport()).request(method, params),
    ...(direct.listen ? { listen: async (event: string, listener: (payload: unknown) => void) => (await transport()).listen!(event, listener) } : {}),
  }
}

async function call(transport: Transport, method: string, params?: unknown): Promise<unknown> {
  let envelope: unknown
  try {
    envelope = await transport.request(method, params)
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
 * Xverse goes through `sats-connect` when the site gives a loader for it.
 *
 * @param root - the global object the listing's dotted `id` is resolved on (the window)
 * @param listing - the entry of `btc_providers`
 * @param options - `satsConnect`: loads sats-connect for Xverse
 * @returns the wallet, or `undefined` when the listing is malformed or its provider absent
 * @example
 * const wallet = wbip004Wallet(window, window.btc_providers[0])
 */
export function wbip004Wallet(root: object, listing: Wbip004Listing, { satsConnect }: { satsConnect?: SatsConnectLoader } = {}): BitcoinWallet | undefined {
  if (!isRecord(listing) || typeof listing.id !== 'string' || listing.id.length > 128) return undefined
  const provider = resolvePath(root, listing.id)
  if (!isRecord(provider) || typeof provider.request !== 'function') return undefined
  const name = cleanName(listing.name)
  if (!name) return undefined
  const p = provider as unknown as Wbip004Provider
  const transport = satsConnect && satsConnectProviderIds.includes(listing.id) ? lazySatsConnectTransport(listing.id, p, satsConnect) : directTransport(p)
  const methods = Array.isArray(listing.methods) ? listing.methods.filter((m): m is string => typeof m === 'string') : []
  const icon = cleanIcon(listing.icon)
  return {
    id: listing.id,
    name,
    ...(icon ? { icon } : {}),
    style: 'wbip004',
    async connect() {
      const purposes = ['payment', 'ordinals']
      const result = methods.includes('wallet_connect') ? await call(transport, 'wallet_connect', { addresses: purposes }) : await call(transport, 'getAddresses', { purposes })
      return readAccounts(result)
    },
    async signMessage({ address, message }) {
      const result = await call(transport, 'signMessage', { address, message, protocol: 'BIP322' })
      const signature = isRecord(result) ? result.signature : undefined
      if (typeof signature !== 'string') throw walletError({ code: -32603, message: 'The wallet returned no signature' })
      return { signature }
    },
    async sendTransfer({ address, amount }) {
      const result = await call(transport, 'sendTransfer', { recipients: [{ address, amount: amount.toString() }] })
      const txid = isRecord(result) ? result.txid : undefined
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw walletError({ code: -32603, message: 'The wallet returned no transaction id' })
      return txid
    },
    async signPsbt({ psbt, address, inputs }) {
      const result = await call(transport, 'signPsbt', { psbt, signInputs: { [address]: inputs }, broadcast: false })
      const signed = isRecord(result) ? result.psbt : undefined
      if (typeof signed !== 'string') throw walletError({ code: -32603, message: 'The wallet returned no PSBT' })
      return signed
    },
    ...(methods.includes('wallet_disconnect') ? { disconnect: async () => void (await call(transport, 'wallet_disconnect')) } : {}),
    ...(transport.listen
      ? {
          onAccountsChanged(listener: (accounts: BitcoinWalletAccount[]) => void) {
            let stopped = false
            const removers: (() => void)[] = []
            const subscribe = (event: string, handle: (payload: unknown) => void) =>
              transport.listen!(event, handle).then(
                (remove) => (stopped ? remove() : removers.push(remove)),
                () => undefined, // a provider that refuses the event name has no such event
              )
            // `accountChange` carries the new addresses (sats-connect's shape) or nothing: then they are asked for again, without a prompt for a site already allowed.
            void subscribe('accountChange', (payload) => {
              const carried = isRecord(payload) && Array.isArray(payload.addresses) ? readAccounts(payload) : undefined
              if (carried) return listener(carried)
              call(transport, 'getAddresses', { purposes: ['payment', 'ordinals'] }).then(
                (result) => listener(readAccounts(result)),
                () => listener([]),
              )
            })
            void subscribe('disconnect', () => listener([]))
            return () => {
              stopped = true
              for (const remove of removers.splice(0)) remove()
            }
          },
        }
      : {}),
  }
}
