// Xverse as a sandbox persona, written from Xverse's own code and docs (docs/wallets/xverse.md cites
// them): the extension's inpage script (secretkeylabs/xverse-web-extension, src/inpage) for the
// injection — `window.XverseProviders.BitcoinProvider` serving every RPC method, Bitcoin and Stacks
// alike, and `XverseProviders.StacksProvider`, the legacy @stacks/connect v7 object whose `request`
// throws "not implemented" —, `@sats-connect/core` (secretkeylabs/sats-connect-core) for the request
// and answer schemas, error codes and events, and the extension's RPC router for which reads need the
// site's permission (granted by `wallet_connect`).
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js'
import { base64 } from '@scure/base'
import { devStacksKey, devStacksPublicKeyHex, stacksTestnetAddressOf } from '../../stacks/devStacks.js'
import { answerStacksRequest } from '../../walletPage/answerStacksRequest.js'
import { lazyDevKey } from '../../utils/lazyDevKey.js'
import { bitcoinKeyring, type BitcoinKeyring, type Esplora, invalidParams, isRecord, PersonaRequestError } from '../shared/bitcoinKeyring.js'
import { createPersonaWallet, type PersonaMethod, type PersonaWallet } from '../shared/createPersonaWallet.js'

/** `@sats-connect/core`'s `RpcErrorCode`: the visitor's refusal and a read without permission. */
export const xverseErrorCodes = { userRejection: -32000, accessDenied: -32002 } as const

/** What Xverse pushes to `window.btc_providers` (the extension's `XverseProviderInfo`): no `wallet_*` method is listed. */
export const xverseListing = {
  id: 'XverseProviders.BitcoinProvider',
  name: 'Xverse Wallet',
  icon: `data:image/svg+xml;base64,${base64.encode(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#171717"/><path d="M23 23v-3L12 9H9v3l4 4-4 4v3h5v-2l2-2 4 4h3z" fill="#fff"/><path d="M18 13h3v3l3-3V9h-3z" fill="#ee7a30"/></svg>'))}`,
  webUrl: 'https://www.xverse.app/',
  methods: ['getInfo', 'getAddresses', 'getAccounts', 'signMessage', 'sendTransfer', 'signPsbt', 'stx_callContract', 'stx_deployContract', 'stx_getAccounts', 'stx_getAddresses', 'stx_signMessage', 'stx_signStructuredMessage', 'stx_signTransaction', 'stx_transferStx'],
}

type XverseAddress = { address: string; publicKey: string; purpose: 'payment' | 'ordinals' | 'stacks'; addressType: 'p2wpkh' | 'p2tr' | 'stacks'; walletType: 'software' }
type Listener = (event: unknown) => void

/** The Bitcoin provider object as the page sees it (sats-connect's `BitcoinProvider`: `request`, `addListener`, and the legacy calls). */
export type XverseBitcoinProvider = {
  request(method: string, params?: unknown): Promise<unknown>
  addListener(...args: unknown[]): () => void
  signMultipleTransactions(): Promise<never>
  createRepeatInscriptions(): Promise<never>
}

export type XverseWallet = {
  provider: XverseBitcoinProvider
  /** The legacy Stacks provider: @stacks/connect v7's JWT calls; its `request` throws. */
  stacksProvider: { request(): never; getProductInfo(): { version: string; name: string } }
  wallet: PersonaWallet
  connection: { connected(): boolean; disconnect(): void }
  /** The account in use: its Bitcoin keys and its Stacks key (index 0: the dev wallets' funded account). */
  keyring(): BitcoinKeyring
  stacksKey(): { privateKey: Uint8Array; publicKey: Uint8Array }
  addresses(): XverseAddress[]
  /** The visitor switches to another account in Xverse: `accountChange` carries its addresses when the site is allowed there. */
  switchAccount(account: number, { allowed }?: { allowed?: boolean }): void
}

const grantsKey = 'portico-persona:xverse:granted'
const accountKey = 'portico-persona:xverse:account'
const network = { bitcoin: { name: 'Regtest' }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } }

/**
 * Creates Xverse's Bitcoin provider around the shared request loop: answers always resolve (an error
 * is `{ jsonrpc, id, error }`), the visitor's refusal is -32000, `wallet_connect` grants the site read
 * access on the account in use (asking only when it has none) and answers its addresses,
 * `getAddresses`, `stx_getAddresses` and `wallet_getAccount` answer without a prompt but only with that
 * access (-32002 before), `wallet_disconnect` renounces it, and events (`accountChange`, `disconnect`)
 * reach `addListener({ eventName, cb })` (sats-connect ≥ 4; the older `(eventName, cb)` too).
 *
 * @param storage where the site's permissions survive a reload (the page's localStorage)
 * @example
 * const xverse = createXverseWallet()
 */
export function createXverseWallet({ storage }: { storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> } = {}): XverseWallet {
  const readGrants = (): number[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(grantsKey) ?? '[]')
      return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : []
    } catch {
      return []
    }
  }
  let grants = new Set(readGrants())
  let account = Number(storage?.getItem(accountKey) ?? 0) || 0
  const saveGrants = () => storage?.setItem(grantsKey, JSON.stringify([...grants]))
  const keyrings = new Map<number, BitcoinKeyring>()
  const stacksKeys = new Map<number, { privateKey: Uint8Array; publicKey: Uint8Array }>()
  const keyring = () => {
    let found = keyrings.get(account)
    if (!found) keyrings.set(account, (found = bitcoinKeyring(account)))
    return found
  }
  const stacksKey = () => {
    let found = stacksKeys.get(account)
    if (!found) stacksKeys.set(account, (found = account === 0 ? lazyDevKey(devStacksPublicKeyHex, 'privateKey', () => devStacksKey()) : devStacksKey(`m/44'/5757'/0'/0/${account}`)))
    return found
  }
  const addresses = (): XverseAddress[] => {
    const keys = keyring()
    const taproot = keys.taproot()
    const stx = stacksKey().publicKey
    return [
      { address: keys.payment.address, publicKey: bytesToHex(keys.payment.publicKey), purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
      { address: taproot.address, publicKey: bytesToHex(taproot.internalKey), purpose: 'ordinals', addressType: 'p2tr', walletType: 'software' },
      { address: stacksTestnetAddressOf(stx), publicKey: bytesToHex(stx), purpose: 'stacks', addressType: 'stacks', walletType: 'software' },
    ]
  }
  const allowed = () => grants.has(account)
  const listeners = new Map<string, Set<Listener>>()
  const emit = (eventName: string, event: unknown) => {
    for (const cb of [...(listeners.get(eventName) ?? [])]) {
      try {
        cb(event)
      } catch {
        // the site's listener failing is the site's problem
      }
    }
  }
  const gated = new Set(['getAddresses', 'stx_getAddresses', 'wallet_getAccount', 'stx_getAccounts', 'getBalance'])
  let counter = 0
  const wallet = createPersonaWallet({
    errorsResolve: true,
    rejection: { code: xverseErrorCodes.userRejection, message: 'User rejected the request.' },
    guard: (method) => (gated.has(method) && !allowed() ? new PersonaRequestError(xverseErrorCodes.accessDenied, 'Access denied.') : undefined),
    nextId: () => `xverse-${++counter}`,
  })
  const purposesOf = (value: unknown, key: 'addresses' | 'purposes'): string[] | undefined => {
    const list = isRecord(value) ? value[key] : undefined
    if (list === undefined) return undefined
    if (!Array.isArray(list) || !list.every((p) => typeof p === 'string' && ['payment', 'ordinals', 'stacks', 'spark', 'starknet'].includes(p))) throw invalidParams('Invalid parameters.')
    return list as string[]
  }
  const revoke = () => {
    const had = grants.size > 0
    grants = new Set()
    saveGrants()
    if (had) emit('disconnect', { type: 'disconnect' })
    wallet.changed()
  }
  wallet.define('shared', {
    getInfo: { asks: false, run: async () => ({ version: '1.0.0', platform: 'web', methods: xverseListing.methods, supports: [] }) },
    wallet_connect: {
      // Already allowed: no prompt, the account's data at once (the extension's handleConnect).
      asks: () => !allowed(),
      async run(value) {
        if (value !== null && value !== undefined && !isRecord(value)) throw invalidParams('Invalid parameters.')
        const purposes = purposesOf(value, 'addresses') ?? ['ordinals', 'payment', 'stacks', 'spark', 'starknet']
        grants.add(account)
        saveGrants()
        wallet.changed()
        return { id: `account-${account}`, addresses: addresses().filter((a) => purposes.includes(a.purpose)), walletType: 'software', network }
      },
    },
    wallet_requestPermissions: {
      asks: () => !allowed(),
      async run() {
        grants.add(account)
        saveGrants()
        wallet.changed()
        return true
      },
    },
    wallet_getAccount: { asks: false, run: async () => ({ id: `account-${account}`, addresses: addresses(), walletType: 'software', network }) },
    wallet_getNetwork: { asks: false, run: async () => network },
    wallet_disconnect: { asks: false, run: async () => (revoke(), null) },
    wallet_renouncePermissions: { asks: false, run: async () => (revoke(), null) },
    getAddresses: {
      asks: false,
      async run(value) {
        const purposes = purposesOf(value, 'purposes')
        if (!purposes) throw invalidParams('Invalid parameters.')
        return { addresses: addresses().filter((a) => purposes.includes(a.purpose)), network }
      },
    },
    stx_getAddresses: { asks: false, run: async () => ({ addresses: addresses().filter((a) => a.purpose === 'stacks'), network }) },
  })
  const provider: XverseBitcoinProvider = Object.freeze({
    request: (method: string, params?: unknown) => wallet.request(method, params),
    addListener(...args: unknown[]) {
      const [eventName, cb] = isRecord(args[0]) ? [args[0].eventName, args[0].cb] : [args[0], args[1]]
      if (typeof eventName !== 'string' || typeof cb !== 'function') return () => {}
      const set = listeners.get(eventName) ?? new Set()
      set.add(cb as Listener)
      listeners.set(eventName, set)
      return () => void set.delete(cb as Listener)
    },
    // The legacy sats-connect v1 calls (JWT payloads) are not imitated; they are here because @stacks/connect recognises Xverse by them.
    signMultipleTransactions: () => Promise.reject(new Error('The legacy sats-connect calls are not imitated by this persona')),
    createRepeatInscriptions: () => Promise.reject(new Error('The legacy sats-connect calls are not imitated by this persona')),
  })
  const stacksProvider = Object.freeze({
    request(): never {
      throw new Error('`request` function is not implemented')
    },
    getProductInfo: () => ({ version: '1.0.0', name: 'Xverse Wallet' }),
  })
  return {
    provider,
    stacksProvider,
    wallet,
    keyring,
    stacksKey,
    addresses,
    connection: { connected: allowed, disconnect: revoke },
    switchAccount(next, { allowed: allow = true } = {}) {
      account = next
      storage?.setItem(accountKey, String(next))
      if (allow) grants.add(next)
      saveGrants()
      emit('accountChange', allowed() ? { type: 'accountChange', addresses: addresses() } : { type: 'accountChange' })
      wallet.changed()
    },
  }
}

const ownAddresses = (keys: BitcoinKeyring) => [keys.payment.address, keys.taproot().address]

/**
 * Xverse's Bitcoin methods (sats-connect's schemas) over the account's keys: `signPsbt { psbt: base64,
 * signInputs?: { [address]: indexes }, broadcast? }` → `{ psbt, txid? }`; `signMessage { address,
 * message, protocol?: 'ECDSA' | 'BIP322' }` → `{ signature, messageHash, address, protocol }` (the
 * payment address signs ECDSA (BIP-137) unless BIP322 is asked, the Taproot address BIP-322);
 * `sendTransfer { recipients: [{ address, amount: number }] }` → `{ txid }`.
 *
 * @example
 * xverse.wallet.define('bip122', xverseBitcoinMethods({ keyring: xverse.keyring, esplora: { url } }))
 */
export function xverseBitcoinMethods({ keyring, esplora }: { keyring: () => BitcoinKeyring; esplora: Esplora }): Record<string, PersonaMethod> {
  return {
    signPsbt: {
      asks: true,
      async run(value) {
        if (!isRecord(value) || typeof value.psbt !== 'string') throw invalidParams('Invalid parameters.')
        let bytes: Uint8Array
        try {
          bytes = base64.decode(value.psbt)
        } catch {
          throw invalidParams('Invalid parameters.')
        }
        const keys = keyring()
        let indexes: number[] | undefined
        if (value.signInputs !== undefined) {
          if (!isRecord(value.signInputs)) throw invalidParams('Invalid parameters.')
          indexes = []
          for (const [address, list] of Object.entries(value.signInputs)) {
            if (!Array.isArray(list) || !list.every((i) => Number.isInteger(i))) throw invalidParams('Invalid parameters.')
            if (!ownAddresses(keys).includes(address)) throw invalidParams(`Address ${address.slice(0, 90)} is not an address of this account`)
            indexes.push(...(list as number[]))
          }
        }
        const tx = keys.signPsbt(bytes, indexes)
        const psbt = base64.encode(tx.toPSBT())
        if (value.broadcast === true) {
          tx.finalize()
          return { psbt, txid: await keys.broadcast(tx.hex, esplora) }
        }
        return { psbt }
      },
    },
    signMessage: {
      asks: true,
      async run(value) {
        if (!isRecord(value) || typeof value.address !== 'string' || typeof value.message !== 'string') throw invalidParams('Invalid parameters.')
        const keys = keyring()
        if (!ownAddresses(keys).includes(value.address)) throw invalidParams('Address mismatch.')
        const payment = value.address === keys.payment.address
        const protocol = value.protocol ?? (payment ? 'ECDSA' : 'BIP322')
        if (protocol !== 'ECDSA' && protocol !== 'BIP322') throw invalidParams('Invalid parameters.')
        if (protocol === 'ECDSA' && !payment) throw invalidParams('ECDSA signatures are available for payment addresses only')
        const text = new TextEncoder().encode(value.message)
        const messageHash =
          protocol === 'BIP322'
            ? bytesToHex(sha256(concatBytes(sha256(new TextEncoder().encode('BIP0322-signed-message')), sha256(new TextEncoder().encode('BIP0322-signed-message')), text)))
            : bytesToHex(sha256(sha256(concatBytes(new TextEncoder().encode('\x18Bitcoin Signed Message:\n'), Uint8Array.of(text.length), text))))
        const signature = protocol === 'BIP322' ? keys.signBip322(value.address, value.message) : keys.signBip137(value.message)
        return { signature, messageHash, address: value.address, protocol }
      },
    },
    sendTransfer: {
      asks: true,
      async run(value) {
        const recipients = isRecord(value) ? value.recipients : undefined
        if (!Array.isArray(recipients) || recipients.length === 0) throw invalidParams('Invalid parameters.')
        const checked = recipients.map((r: unknown) => {
          // sats-connect's schema: `amount: v.number()` — a string of sats is refused.
          if (!isRecord(r) || typeof r.address !== 'string' || typeof r.amount !== 'number' || !Number.isSafeInteger(r.amount) || r.amount <= 0) throw invalidParams('Invalid parameters.')
          return { address: r.address, amount: BigInt(r.amount) }
        })
        return { txid: await keyring().sendTransfer(checked, esplora) }
      },
    },
  }
}

/**
 * Xverse's Stacks methods, served by its Bitcoin provider (sats-connect's stacks schemas), signed with
 * the account's Stacks key for the sandbox chain: `stx_transferStx { recipient, amount, memo? }`,
 * `stx_callContract { contract, functionName, functionArgs?: hex[], postConditions?: hex[], postConditionMode? }`
 * → `{ txid, transaction }`; `stx_signMessage { message }` → `{ signature, publicKey }`;
 * `stx_signTransaction { transaction, broadcast? (default true) }` → `{ transaction, txid? }`.
 * Xverse's schemas have no `network`, `fee`, `nonce` or `address`: what a site sends there is dropped
 * (valibot's `object` strips unknown keys), and the wallet picks the fee.
 *
 * @example
 * xverse.wallet.define('stacks', xverseStacksMethods({ stacksKey: xverse.stacksKey, chain }))
 */
export function xverseStacksMethods({ stacksKey, chain, fetch: fetchFn }: { stacksKey: () => { privateKey: Uint8Array }; chain: { chainId: number; apiUrl: string }; fetch?: typeof fetch }): Record<string, PersonaMethod> {
  const answer = async (method: string, params: Record<string, unknown>) => {
    try {
      return await answerStacksRequest({ method, params, privateKey: stacksKey().privateKey, chain, ...(fetchFn ? { fetch: fetchFn } : {}) })
    } catch (error) {
      throw new PersonaRequestError(typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603, (error as Error).message ?? 'failed')
    }
  }
  const object = (value: unknown) => {
    if (!isRecord(value)) throw invalidParams('Invalid parameters.')
    return value
  }
  return {
    stx_transferStx: {
      asks: true,
      run(value) {
        const { recipient, amount, memo } = object(value)
        if (typeof recipient !== 'string' || !(typeof amount === 'number' || typeof amount === 'string') || (memo !== undefined && typeof memo !== 'string')) throw invalidParams('Invalid parameters.')
        return answer('stx_transferStx', { recipient, amount: String(amount), ...(memo ? { memo } : {}) })
      },
    },
    stx_callContract: {
      asks: true,
      run(value) {
        const input = object(value)
        const functionArgs = input.functionArgs ?? input.arguments ?? []
        const strings = (list: unknown) => list === undefined || (Array.isArray(list) && list.every((x) => typeof x === 'string'))
        if (typeof input.contract !== 'string' || typeof input.functionName !== 'string' || !strings(functionArgs) || !strings(input.postConditions)) throw invalidParams('Invalid parameters.')
        if (input.postConditionMode !== undefined && input.postConditionMode !== 'allow' && input.postConditionMode !== 'deny') throw invalidParams('Invalid parameters.')
        return answer('stx_callContract', { contract: input.contract, functionName: input.functionName, functionArgs, ...(input.postConditions ? { postConditions: input.postConditions } : {}), ...(input.postConditionMode ? { postConditionMode: input.postConditionMode } : {}) })
      },
    },
    stx_signMessage: {
      asks: true,
      run(value) {
        const { message } = object(value)
        if (typeof message !== 'string') throw invalidParams('Invalid parameters.')
        return answer('stx_signMessage', { message })
      },
    },
    stx_signTransaction: {
      asks: true,
      run(value) {
        const { transaction, broadcast } = object(value)
        if (typeof transaction !== 'string') throw invalidParams('Invalid parameters.')
        return answer('stx_signTransaction', { transaction, broadcast: broadcast !== false })
      },
    },
  }
}
