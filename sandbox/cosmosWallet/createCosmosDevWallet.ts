import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, bech32 } from '@scure/base'

import { adr36SignDoc, encodeSignDoc, sortedJson } from '../../plugins/cosmos/server/index.js'
import { cosmosAddressOf } from '../cosmos/cosmosAddress.js'

export type CosmosDevWalletMode = 'approve' | 'reject'
export type CosmosDevWalletActivity = { method: string; outcome: 'approved' | 'rejected' | 'failed' }

/** What `experimentalSuggestChain` needs of a chain (a subset of Keplr's `ChainInfo`). */
export type CosmosDevWalletChainInfo = { chainId: string; chainName: string; rest: string; rpc?: string; bech32Config: { bech32PrefixAccAddr: string } }

type StdSignature = { pub_key: { type: 'tendermint/PubKeySecp256k1'; value: string }; signature: string }
type SignDocInput = { bodyBytes?: Uint8Array | null; authInfoBytes?: Uint8Array | null; chainId?: string | null; accountNumber?: { toString(): string } | bigint | number | string | null }

/** The Keplr-compatible object the wallet injects (the subset of `@keplr-wallet/types`'s `Keplr` dApps use). */
export type CosmosDevWalletProvider = {
  readonly version: string
  readonly mode: 'extension'
  enable(chainIds: string | string[]): Promise<void>
  disable(chainIds?: string | string[]): Promise<void>
  experimentalSuggestChain(chainInfo: CosmosDevWalletChainInfo): Promise<void>
  getKey(chainId: string): Promise<{ name: string; algo: 'secp256k1'; pubKey: Uint8Array; address: Uint8Array; bech32Address: string; isNanoLedger: boolean; isKeystone: boolean }>
  signDirect(chainId: string, signer: string, signDoc: SignDocInput): Promise<{ signed: SignDocInput; signature: StdSignature }>
  signAmino(chainId: string, signer: string, signDoc: Record<string, unknown>): Promise<{ signed: Record<string, unknown>; signature: StdSignature }>
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
  sendTx(chainId: string, tx: Uint8Array, mode: 'sync' | 'async' | 'block'): Promise<Uint8Array>
}

export type CosmosDevWalletControl = {
  /** Moves the wallet to another key (the visitor picking another account) and dispatches the keystore event. */
  switchKey(key: { privateKey: Uint8Array; publicKey: Uint8Array }): void
  /** The key the wallet signs with now. */
  key(): { privateKey: Uint8Array; publicKey: Uint8Array }
  setMode(mode: CosmosDevWalletMode): void
  getMode(): CosmosDevWalletMode
  getState(): { connected: boolean; mode: CosmosDevWalletMode; enabledChains: string[]; knownChains: string[] }
  disconnect(): void
  activity(): CosmosDevWalletActivity[]
  subscribe(fn: () => void): () => void
  /** Events the wallet dispatched (`keplr_keystorechange`) go to this target. */
  target: EventTarget
}

/** What a refusal was: connecting (`enable`, or a first `getKey`), signing, or adding a chain. */
export type CosmosRefusal = 'enable' | 'sign' | 'suggest'

/**
 * How one wallet speaks where Keplr-compatible wallets differ (the personas of `sandbox/personas/`);
 * every field defaults to the Portico Dev Wallet's own dialect, which is Keplr's.
 */
export type CosmosWalletDialect = {
  /** Where approvals and suggested chains survive a reload (default `portico.cosmosDevWallet`). */
  storageKey?: string
  /** The window event a key change dispatches (default `keplr_keystorechange`). */
  keystoreEvent?: string
  /** What a refusal throws (default `new Error('Request rejected')`, Keplr's). */
  refusal?: (kind: CosmosRefusal) => unknown
  /** What asking for a chain the wallet does not know throws (default Keplr's `There is no chain info for <id>`). */
  unknownChain?: (chainId: string) => unknown
  /** `getKey` and signatures on a chain the site was not granted ask for it, as `enable` would (Keplr's `ensureEnabled`); default: they fail. */
  grantOnUse?: boolean
}

export type CreateCosmosDevWalletParameters = {
  key: { privateKey: Uint8Array; publicKey: Uint8Array }
  /** Chains the wallet knows without a suggestion (chain id → bech32 prefix and REST URL). */
  knownChains: Record<string, { prefix: string; rest: string }>
  /** Where `keplr_keystorechange` is dispatched (the window). */
  target: EventTarget
  fetch?: typeof fetch
  /** Where the site's approvals and suggested chains survive a reload, like an extension's own storage. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>
  /** Where this wallet speaks otherwise than the dev wallet (a persona's). */
  dialect?: CosmosWalletDialect
}
const toBigInt = (value: SignDocInput['accountNumber']): bigint => {
  const text = value === null || value === undefined ? '0' : value.toString()
  if (!/^\d{1,20}$/.test(text)) throw new Error('Invalid account number')
  return BigInt(text)
}

/** An ADR-36 off-chain message doc signed by `signer` (what `signArbitrary` signs, or a dapp sends over WalletConnect's `cosmos_signAmino`). */
function isAdr36Doc(doc: Record<string, unknown>, signer: string): boolean {
  const msgs = doc.msgs as { type?: unknown; value?: { signer?: unknown; data?: unknown } }[] | undefined
  return doc.chain_id === '' && doc.account_number === '0' && doc.sequence === '0' && Array.isArray(msgs) && msgs.length === 1 && msgs[0]?.type === 'sign/MsgSignData' && msgs[0].value?.signer === signer && typeof msgs[0].value.data === 'string'
}

/**
 * Creates the Cosmos "Portico Dev Wallet": a Keplr-compatible provider with a real secp256k1 key —
 * `enable` per chain id (unknown chains until `experimentalSuggestChain`), `getKey`, `signDirect`
 * (over the SignDoc), `signAmino` (over the sorted amino JSON), `signArbitrary` (ADR-36), `sendTx`
 * (the REST gateway's broadcast). In `reject` mode `enable` and every signature fail with Keplr's
 * "Request rejected".
 *
 * @param parameters key, known chains, event target
 * @returns the provider and its controls
 * @example
 * const { provider } = createCosmosDevWallet({ key, knownChains: { 'cosmoshub-4': { prefix: 'cosmos', rest } }, target: window })
 */
export function createCosmosDevWallet(parameters: CreateCosmosDevWalletParameters): { provider: CosmosDevWalletProvider; control: CosmosDevWalletControl } {
  const { target } = parameters
  let key = parameters.key
  const dialect = parameters.dialect ?? {}
  const storageKey = dialect.storageKey ?? 'portico.cosmosDevWallet'
  const keystoreEvent = dialect.keystoreEvent ?? 'keplr_keystorechange'
  const unknownChain = (chainId: string) => (dialect.unknownChain ? dialect.unknownChain(chainId) : new Error(`There is no chain info for ${chainId}`))
  /** The refusals this wallet threw, so a refusal is recorded once, as `rejected`. */
  const refusals = new WeakSet<object>()
  const refuse = (kind: CosmosRefusal, method: string): unknown => {
    record(method, 'rejected')
    const error = dialect.refusal ? dialect.refusal(kind) : new Error('Request rejected')
    if (typeof error === 'object' && error !== null) refusals.add(error)
    return error
  }
  const fetchFn = parameters.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  const chains = new Map(Object.entries(parameters.knownChains))
  const enabled = new Set<string>()
  const { storage } = parameters
  try {
    const saved = JSON.parse(storage?.getItem(storageKey) ?? '{}') as { chains?: Record<string, { prefix: string; rest: string }>; enabled?: string[] }
    for (const [id, chain] of Object.entries(saved.chains ?? {})) if (typeof chain?.prefix === 'string' && typeof chain.rest === 'string') chains.set(id, chain)
    for (const id of saved.enabled ?? []) if (chains.has(id)) enabled.add(id)
  } catch {
    // a fresh wallet
  }
  const save = () => storage?.setItem(storageKey, JSON.stringify({ chains: Object.fromEntries(chains), enabled: [...enabled] }))
  let mode: CosmosDevWalletMode = 'approve'
  const log: CosmosDevWalletActivity[] = []
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((fn) => fn())
  const record = (method: string, outcome: CosmosDevWalletActivity['outcome']) => {
    log.push({ method, outcome })
    if (log.length > 50) log.shift()
    notify()
  }
  const pubKey = () => ({ type: 'tendermint/PubKeySecp256k1' as const, value: base64.encode(key.publicKey) })
  const addressOn = (chainId: string) => {
    const chain = chains.get(chainId)
    if (!chain) throw unknownChain(chainId)
    return cosmosAddressOf(key.publicKey, chain.prefix)
  }
  /** The site holds `chainId`, or (a wallet that asks on first use) the visitor grants it now. */
  const ensureEnabled = (chainId: string, method: string) => {
    if (enabled.has(chainId)) return
    if (!dialect.grantOnUse) throw new Error(`${chainId} is not enabled for this site`)
    if (!chains.has(chainId)) throw unknownChain(chainId)
    if (mode === 'reject') throw refuse('enable', method)
    enabled.add(chainId)
    save()
  }
  /** Runs a request that needs the visitor's approval. */
  const approve = async <T,>(method: string, chainId: string, signer: string | undefined, run: () => Promise<T> | T): Promise<T> => {
    try {
      ensureEnabled(chainId, method)
      if (signer !== undefined && signer !== addressOn(chainId)) throw new Error('Signer address does not match')
      if (mode === 'reject') throw refuse('sign', method)
      const result = await run()
      record(method, 'approved')
      return result
    } catch (error) {
      if (!(typeof error === 'object' && error !== null && refusals.has(error))) record(method, 'failed')
      throw error
    }
  }
  const sign = (bytes: Uint8Array) => base64.encode(secp256k1.sign(sha256(bytes), key.privateKey, { prehash: false, lowS: true }).toCompactRawBytes())

  const provider: CosmosDevWalletProvider = {
    version: '0.12.0-portico-dev',
    mode: 'extension',
    async enable(chainIds) {
      const ids = Array.isArray(chainIds) ? chainIds : [chainIds]
      for (const id of ids) if (!chains.has(id)) throw unknownChain(id)
      // A site already approved for these chains is not asked again (Keplr keeps approvals).
      if (ids.every((id) => enabled.has(id))) return
      if (mode === 'reject') throw refuse('enable', 'enable')
      for (const id of ids) enabled.add(id)
      save()
      record('enable', 'approved')
    },
    async disable(chainIds) {
      const ids = chainIds === undefined ? [...enabled] : Array.isArray(chainIds) ? chainIds : [chainIds]
      for (const id of ids) enabled.delete(id)
      save()
      notify()
    },
    async experimentalSuggestChain(chainInfo) {
      const prefix = chainInfo?.bech32Config?.bech32PrefixAccAddr
      if (typeof chainInfo?.chainId !== 'string' || typeof prefix !== 'string' || typeof chainInfo.rest !== 'string') throw new Error('Invalid chain info')
      if (chains.has(chainInfo.chainId)) return
      if (mode === 'reject') throw refuse('suggest', 'experimentalSuggestChain')
      if (!chains.has(chainInfo.chainId)) chains.set(chainInfo.chainId, { prefix, rest: chainInfo.rest })
      save()
      record('experimentalSuggestChain', 'approved')
    },
    async getKey(chainId) {
      ensureEnabled(chainId, 'getKey')
      const bech32Address = addressOn(chainId)
      return { name: 'Portico Dev', algo: 'secp256k1', pubKey: key.publicKey, address: bech32.fromWords(bech32.decode(bech32Address as `${string}1${string}`).words), bech32Address, isNanoLedger: false, isKeystone: false }
    },
    signDirect: (chainId, signer, signDoc) =>
      approve('signDirect', chainId, signer, () => {
        if (!(signDoc?.bodyBytes instanceof Uint8Array) || !(signDoc.authInfoBytes instanceof Uint8Array) || signDoc.chainId !== chainId) throw new Error('Invalid sign doc')
        const bytes = encodeSignDoc({ bodyBytes: signDoc.bodyBytes, authInfoBytes: signDoc.authInfoBytes, chainId, accountNumber: toBigInt(signDoc.accountNumber) })
        return { signed: signDoc, signature: { pub_key: pubKey(), signature: sign(bytes) } }
      }),
    signAmino: (chainId, signer, signDoc) =>
      approve('signAmino', chainId, signer, () => {
        // An ADR-36 message doc (empty chain id, one MsgSignData by the signer) is signed as Keplr does; any other doc must name the chain.
        if (typeof signDoc !== 'object' || signDoc === null || (signDoc.chain_id !== chainId && !isAdr36Doc(signDoc, signer))) throw new Error('Invalid sign doc')
        return { signed: signDoc, signature: { pub_key: pubKey(), signature: sign(new TextEncoder().encode(sortedJson(signDoc))) } }
      }),
    signArbitrary: (chainId, signer, data) =>
      approve('signArbitrary', chainId, signer, () => {
        if (typeof data !== 'string' && !(data instanceof Uint8Array)) throw new Error('Invalid data')
        return { pub_key: pubKey(), signature: sign(new TextEncoder().encode(sortedJson(adr36SignDoc(signer, data)))) }
      }),
    sendTx: (chainId, tx, sendMode) =>
      approve('sendTx', chainId, undefined, async () => {
        const rest = chains.get(chainId)!.rest
        const response = await fetchFn(`${rest}/cosmos/tx/v1beta1/txs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tx_bytes: base64.encode(tx), mode: sendMode === 'async' ? 'BROADCAST_MODE_ASYNC' : 'BROADCAST_MODE_SYNC' }),
        })
        const body = (await response.json()) as { tx_response?: { code?: number; txhash?: string; raw_log?: string }; message?: string }
        if (!response.ok || !body.tx_response) throw new Error(body.message ?? `Broadcast failed: HTTP ${response.status}`)
        if (body.tx_response.code) throw new Error(body.tx_response.raw_log ?? `Broadcast failed: code ${body.tx_response.code}`)
        const hash = body.tx_response.txhash ?? ''
        return Uint8Array.from(hash.match(/../g) ?? [], (h) => parseInt(h, 16))
      }),
  }
  const control: CosmosDevWalletControl = {
    switchKey(next) {
      key = next
      notify()
      target.dispatchEvent(new CustomEvent(keystoreEvent, { detail: {} }))
    },
    key: () => key,
    setMode(next) {
      mode = next
      notify()
    },
    getMode: () => mode,
    getState: () => ({ connected: enabled.size > 0, mode, enabledChains: [...enabled], knownChains: [...chains.keys()] }),
    disconnect() {
      enabled.clear()
      save()
      notify()
      target.dispatchEvent(new CustomEvent(keystoreEvent, { detail: {} }))
    },
    activity: () => [...log],
    subscribe(fn) {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    target,
  }
  return { provider, control }
}
