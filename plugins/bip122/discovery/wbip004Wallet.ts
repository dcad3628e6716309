import type { BitcoinSignInput, BitcoinWallet, BitcoinWalletAccount } from './bitcoinWallet.js'
import { base64, hex } from '@scure/base'
import { BitcoinWalletFeatureError } from '../errors.js'
import { decodeBitcoinAddress } from '../utils/decodeBitcoinAddress.js'
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

/**
 * Which request and answer shapes a WBIP004 wallet speaks:
 * - `satsConnect`: Xverse's (sats-connect): addresses by `purpose`, `wallet_connect` grants the site
 *   read access (then `getAddresses` answers without a prompt, and refuses with -32002 before),
 *   `signPsbt { psbt: base64, signInputs: { [address]: indexes } }` answering `{ psbt }`,
 *   `sendTransfer` amounts as numbers, and -32000 for the visitor's refusal (sats-connect's
 *   `RpcErrorCode.USER_REJECTION`);
 * - `leather`: Leather's (`@leather.io/rpc`): addresses by `type` (`p2wpkh`, `p2tr`) and `symbol`
 *   (`BTC`, `STX`), a prompt on every `getAddresses`, `signPsbt { hex, signAtIndex, network }`
 *   answering `{ hex }`, `signMessage { message, paymentType, network }`, `sendTransfer` amounts as
 *   strings with a `network`, and 4001 for a refusal;
 * - `wbip004`: any other listing (the Portico dev wallet, Magic Eden, …): sats-connect's shapes,
 *   `wallet_connect` only when the listing names it.
 */
export type Wbip004Dialect = 'satsConnect' | 'leather' | 'wbip004'

/** sats-connect's `RpcErrorCode.USER_REJECTION` (Xverse's refusal), read as the 4001 every other wallet sends. */
const satsConnectUserRejection = -32000

async function call(transport: Transport, method: string, params?: unknown, dialect: Wbip004Dialect = 'wbip004'): Promise<unknown> {
  const fail = (error: unknown) => {
    const typed = walletError(error)
    return dialect === 'satsConnect' && typed.code === satsConnectUserRejection ? walletError({ code: 4001, message: typed.message }) : typed
  }
  let envelope: unknown
  try {
    envelope = await transport.request(method, params)
  } catch (error) {
    // WBIP004 rejects with the envelope itself (`{ jsonrpc, id, error: { code, message } }`).
    throw fail(isRecord(error) && isRecord(error.error) ? error.error : error)
  }
  // Xverse resolves its errors (`{ jsonrpc, id, error }`) rather than rejecting.
  if (isRecord(envelope) && 'error' in envelope && envelope.error) throw fail(envelope.error)
  return isRecord(envelope) && 'result' in envelope ? envelope.result : envelope
}

/** Bitcoin address types that pay (Leather's `type`, Xverse's `addressType`); Taproot is the ordinals account. */
const paymentTypes = new Set(['p2wpkh', 'p2sh', 'p2wpkh-p2sh', 'p2pkh', 'p2wsh'])

/**
 * The Bitcoin accounts of a `getAddresses` / `wallet_connect` answer (`{ addresses: [...] }`):
 * sats-connect's entries say what they are for by `purpose` (`payment`, `ordinals`; `stacks` and the
 * others are not Bitcoin accounts); Leather's by `symbol` (`BTC`, `STX`) and `type` (`p2wpkh` pays,
 * `p2tr` is the Taproot account that holds ordinals).
 */
function readAccounts(result: unknown): BitcoinWalletAccount[] {
  const list = isRecord(result) && Array.isArray(result.addresses) ? result.addresses : []
  const accounts: BitcoinWalletAccount[] = []
  for (const entry of list.slice(0, 50)) {
    if (!isRecord(entry) || typeof entry.address !== 'string') continue
    let purpose: BitcoinWalletAccount['purpose'] | undefined
    if (entry.purpose !== undefined) purpose = entry.purpose === 'ordinals' || entry.purpose === 'ordinal' ? 'ordinal' : entry.purpose === 'payment' ? 'payment' : undefined
    else if (entry.symbol === undefined || entry.symbol === 'BTC') {
      const type = entry.type ?? entry.addressType
      purpose = type === 'p2tr' ? 'ordinal' : typeof type === 'string' && paymentTypes.has(type) ? 'payment' : undefined
    }
    if (!purpose) continue // Stacks and other chains' addresses are not Bitcoin accounts
    accounts.push({ address: entry.address, purpose, ...(typeof entry.publicKey === 'string' ? { publicKey: entry.publicKey } : {}) })
  }
  return accounts
}

/** sats-connect's `signInputs`: the input indexes to sign, by the address whose key signs them. */
function groupByAddress(inputs: readonly BitcoinSignInput[]): Record<string, number[]> {
  const grouped: Record<string, number[]> = {}
  for (const { address, index } of inputs) (grouped[address] ??= []).push(index)
  return grouped
}

/** What Leather calls the network of an address in a request's `network` (its `WalletDefaultNetworkConfigurationIds`; regtest is `devnet`). */
function leatherNetworkOf(address: string): string {
  const network = decodeBitcoinAddress(address)?.network
  return network === 'regtest' ? 'devnet' : network === 'testnet' ? 'testnet' : 'mainnet'
}

/**
 * Wraps one `window.btc_providers` listing (Leather, Xverse, the Portico dev wallet, …) as a
 * {@link BitcoinWallet}, in the wallet's own dialect ({@link Wbip004Dialect}): Xverse connects with
 * `wallet_connect` and reconnects silently with `getAddresses`; Leather connects with `getAddresses`
 * (a prompt each time, so the plugin reconnects from the accounts it kept); others with
 * `wallet_connect` when the listing names it, else `getAddresses`. Xverse goes through `sats-connect` when the site gives a
 * loader for it.
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
  const isSatsConnect = satsConnectProviderIds.includes(listing.id)
  const transport = satsConnect && isSatsConnect ? lazySatsConnectTransport(listing.id, p, satsConnect) : directTransport(p)
  const methods = Array.isArray(listing.methods) ? listing.methods.filter((m): m is string => typeof m === 'string') : []
  const dialect: Wbip004Dialect = provider.isLeather === true || listing.id === 'LeatherProvider' ? 'leather' : isSatsConnect ? 'satsConnect' : 'wbip004'
  // Leather lists its icon as `data:image/svg;base64,…` (no `+xml`): the same SVG, typed as browsers expect it.
  const icon = cleanIcon(typeof listing.icon === 'string' ? listing.icon.replace(/^data:image\/svg;/, 'data:image/svg+xml;') : listing.icon)
  const ask = (method: string, params?: unknown) => call(transport, method, params, dialect)
  const purposes = ['payment', 'ordinals']
  const getAddresses = async () => readAccounts(await ask('getAddresses', dialect === 'leather' ? undefined : { purposes }))
  return {
    id: listing.id,
    name,
    ...(icon ? { icon } : {}),
    style: 'wbip004',
    async connect({ silent = false } = {}) {
      // A reload reads without a prompt: Xverse answers getAddresses to a site it allowed (and -32002 to one it no longer does).
      if (silent && dialect !== 'leather') return getAddresses()
      // Xverse answers getAddresses only to a site it allowed; wallet_connect asks the visitor once (and not again while allowed).
      if (dialect === 'satsConnect' || (dialect === 'wbip004' && methods.includes('wallet_connect'))) return readAccounts(await ask('wallet_connect', { addresses: purposes }))
      return getAddresses()
    },
    ...(dialect === 'leather' ? { promptsOnConnect: true } : {}),
    async signMessage({ address, message, protocol = 'bip322' }) {
      // Leather signs BIP-322 only (its `signMessage` schema); sats-connect names both protocols.
      if (dialect === 'leather' && protocol !== 'bip322') throw new BitcoinWalletFeatureError({ feature: 'ECDSA (BIP-137) message signing', wallet: name })
      const params =
        dialect === 'leather'
          ? { message, paymentType: decodeBitcoinAddress(address)?.type === 'p2tr' ? 'p2tr' : 'p2wpkh', network: leatherNetworkOf(address) }
          : { address, message, protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' }
      const result = await ask('signMessage', params)
      const signature = isRecord(result) ? result.signature : undefined
      if (typeof signature !== 'string') throw walletError({ code: -32603, message: 'The wallet returned no signature' })
      return { signature }
    },
    async sendTransfer({ address, amount }) {
      // Leather reads sats as a string of digits and needs the network; sats-connect's schema takes a number.
      const params =
        dialect === 'leather'
          ? { recipients: [{ address, amount: amount.toString() }], network: leatherNetworkOf(address) }
          : { recipients: [{ address, amount: dialect === 'satsConnect' ? Number(amount) : amount.toString() }] }
      const result = await ask('sendTransfer', params)
      const txid = isRecord(result) ? result.txid : undefined
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) throw walletError({ code: -32603, message: 'The wallet returned no transaction id' })
      return txid
    },
    async signPsbt({ psbt, inputs }) {
      if (dialect === 'leather') {
        // Leather signs the inputs at `signAtIndex` with whichever of its keys owns them; `allowedSighash` lists the sighash types it may
        // use, for every input at once: an input asked for no type keeps its default (ALL, or Taproot's DEFAULT) among them.
        const allowedSighash = inputs.some((input) => input.sighashTypes) ? [...new Set(inputs.flatMap((input) => input.sighashTypes ?? [0, 1]))].sort((a, b) => a - b) : []
        const params = { hex: hex.encode(base64.decode(psbt)), signAtIndex: inputs.map((input) => input.index), network: leatherNetworkOf(inputs[0]?.address ?? ''), broadcast: false, ...(allowedSighash.length ? { allowedSighash } : {}) }
        const result = await ask('signPsbt', params)
        const signed = isRecord(result) ? result.hex : undefined
        if (typeof signed !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(signed)) throw walletError({ code: -32603, message: 'The wallet returned no PSBT' })
        return base64.encode(hex.decode(signed.toLowerCase()))
      }
      // sats-connect's `signInputs` groups the indexes by address; the sighash types travel in the PSBT's inputs (PSBT_IN_SIGHASH_TYPE), which Xverse reads.
      const result = await ask('signPsbt', { psbt, signInputs: groupByAddress(inputs), broadcast: false })
      const signed = isRecord(result) ? result.psbt : undefined
      if (typeof signed !== 'string') throw walletError({ code: -32603, message: 'The wallet returned no PSBT' })
      return signed
    },
    ...(methods.includes('wallet_disconnect') || dialect === 'satsConnect' ? { disconnect: async () => void (await ask('wallet_disconnect')) } : {}),
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
              getAddresses().then(
                (accounts) => listener(accounts),
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
