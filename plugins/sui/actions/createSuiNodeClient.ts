import { base64 } from '@scure/base'

import type { Network } from '../../../kernel/kernel.js'
import { SuiRpcRequestError } from '../errors.js'
import { suiNodeApi } from '../utils/suiNodeApi.js'
import { callSuiRpc } from './callSuiRpc.js'
import { loadSuiPeer } from '../peers.js'

/** An owned coin object as a transaction references it. */
export type SuiCoinRef = { objectId: string; version: string; digest: string; balance: bigint }

/** What a simulation or an execution says of a transaction. */
export type SuiExecution = { digest: string; success: boolean; error: string | null; gasUsed: { computationCost: bigint; storageCost: bigint; storageRebate: bigint } }

/** An executed transaction as the node keeps it: what the signer returns to a site (base64 strings). */
export type SuiTransactionRecord = {
  digest: string
  /** BCS `TransactionData`, base64. */
  bytes: string
  /** The serialized signatures, base64. */
  signatures: string[]
  /** BCS `TransactionEffects`, base64, when the node gives them. */
  effects: string | undefined
  success: boolean
  /** The chain's reason when it failed. */
  error: string | null
}

/** The node reads and writes the plugin needs, the same over GraphQL RPC and JSON-RPC; every answer is checked. */
export type SuiNodeClient = {
  api: 'graphql' | 'jsonRpc'
  getBalance(address: string, coinType: string): Promise<bigint>
  getAllBalances(address: string): Promise<{ coinType: string; balance: bigint }[]>
  /** Decimals, symbol and name of a coin type; null when the node has none. */
  getCoinMetadata(coinType: string): Promise<{ decimals: number; symbol: string; name: string } | null>
  getCoins(address: string, coinType: string, cursor: string | null): Promise<{ coins: SuiCoinRef[]; nextCursor: string | null }>
  getReferenceGasPrice(): Promise<bigint>
  /** Runs a transaction without signatures (the budget estimate). */
  simulate(bytes: Uint8Array): Promise<SuiExecution>
  /** Executes a signed transaction. */
  execute(bytes: Uint8Array, signatures: string[]): Promise<SuiExecution>
  /** `success` or `failure` once the node knows the transaction, undefined before. */
  getTransactionStatus(digest: string): Promise<'success' | 'failure' | undefined>
  /** The transaction, its signatures and effects once the node knows it; undefined before. */
  getTransaction(digest: string): Promise<SuiTransactionRecord | undefined>
}

const digits = /^\d{1,40}$/
const digestPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const idPattern = /^0x[0-9a-fA-F]{1,64}$/

function invalid(method: string, what: string): never {
  throw new SuiRpcRequestError({ method, message: `the answer is not ${what}` })
}
function amount(value: unknown, method: string): bigint {
  if (typeof value === 'string' && digits.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  return invalid(method, 'a balance (a decimal integer)')
}
function signedAmount(value: unknown, method: string): bigint {
  if ((typeof value === 'string' || typeof value === 'number') && /^-?\d{1,40}$/.test(String(value))) return BigInt(value)
  return invalid(method, 'a gas amount')
}
function coinRef(value: unknown, method: string): SuiCoinRef {
  const coin = value as { objectId?: unknown; version?: unknown; digest?: unknown; balance?: unknown } | null
  if (typeof coin?.objectId !== 'string' || !idPattern.test(coin.objectId) || typeof coin.digest !== 'string' || !digestPattern.test(coin.digest) || !/^\d{1,20}$/.test(String(coin.version))) invalid(method, 'a list of coin objects')
  return { objectId: coin.objectId, version: String(coin.version), digest: coin.digest, balance: amount(coin.balance, method) }
}
function metadataOf(value: unknown, method: string): { decimals: number; symbol: string; name: string } | null {
  if (value === null || value === undefined) return null
  const m = value as { decimals?: unknown; symbol?: unknown; name?: unknown }
  if (typeof m.decimals !== 'number' || !Number.isInteger(m.decimals) || m.decimals < 0 || m.decimals > 38) return invalid(method, 'coin metadata')
  const symbol = typeof m.symbol === 'string' ? m.symbol.slice(0, 16) : ''
  return { decimals: m.decimals, symbol, name: typeof m.name === 'string' ? m.name.slice(0, 64) : symbol }
}
/** Runs one call of `@mysten/sui`'s GraphQL client, its failures as `SuiRpcRequestError`. */
async function graphqlCall<T>(method: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (cause) {
    if (cause instanceof SuiRpcRequestError) throw cause
    throw new SuiRpcRequestError({ method, message: (cause as Error)?.message ?? String(cause), cause })
  }
}

const coinMetadataQuery = 'query coinMetadata($coinType: String!) { coinMetadata(coinType: $coinType) { decimals symbol name } }'

/**
 * The node client of a Sui network, by the API its first `rpcUrls.default.http` URL speaks
 * (`suiNodeApi`): Sui's GraphQL RPC through `@mysten/sui`'s `SuiGraphQLClient` and its `core` API
 * (loaded with `await import()`), or full-node JSON-RPC with `fetch` for a site that configures it.
 *
 * @returns the client
 * @throws SuiRpcRequestError from its calls when the node fails or answers something invalid
 * @example
 * const node = await createSuiNodeClient({ network: suiMainnet })
 * await node.getBalance(address, '0x2::sui::SUI')
 */
export async function createSuiNodeClient({ network, fetch }: { network: Network; fetch?: typeof globalThis.fetch | undefined }): Promise<SuiNodeClient> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new SuiRpcRequestError({ method: 'connect', message: `${network.name} has no node URL` })
  if (suiNodeApi(url) === 'jsonRpc') return jsonRpcClient(network, fetch)
  const { SuiGraphQLClient } = await loadSuiPeer(() => import('../lazy/mystenGraphql.js'))
  const client = new SuiGraphQLClient({ url, network: String(network.id), ...(fetch ? { fetch } : {}) })
  const core = client.core
  const execution = (method: string, transaction: { digest?: unknown; effects?: { status?: { success?: unknown; error?: unknown }; gasUsed?: { computationCost?: unknown; storageCost?: unknown; storageRebate?: unknown } } } | undefined): SuiExecution => {
    const effects = transaction?.effects
    if (typeof transaction?.digest !== 'string' || !digestPattern.test(transaction.digest) || typeof effects?.status?.success !== 'boolean' || !effects.gasUsed) return invalid(method, 'transaction effects')
    return {
      digest: transaction.digest,
      success: effects.status.success,
      error: effects.status.success ? null : String(effects.status.error ?? 'unknown error').slice(0, 300),
      gasUsed: { computationCost: signedAmount(effects.gasUsed.computationCost, method), storageCost: signedAmount(effects.gasUsed.storageCost, method), storageRebate: signedAmount(effects.gasUsed.storageRebate, method) },
    }
  }
  return {
    api: 'graphql',
    getBalance: (address, coinType) => graphqlCall('getBalance', async () => amount((await core.getBalance({ address, coinType }))?.balance?.balance, 'getBalance')),
    getAllBalances: (address) =>
      graphqlCall('getAllBalances', async () => {
        const { balances } = await core.getAllBalances({ address })
        if (!Array.isArray(balances)) return invalid('getAllBalances', 'a list of balances')
        return balances.filter((b) => typeof b?.coinType === 'string').map((b) => ({ coinType: b.coinType, balance: amount(b.balance, 'getAllBalances') }))
      }),
    getCoinMetadata: (coinType) =>
      graphqlCall('coinMetadata', async () => {
        const { data, errors } = await client.query({ query: coinMetadataQuery, variables: { coinType } })
        if (errors?.length) throw new SuiRpcRequestError({ method: 'coinMetadata', message: String(errors[0]?.message ?? 'error') })
        return metadataOf((data as { coinMetadata?: unknown } | null)?.coinMetadata, 'coinMetadata')
      }),
    getCoins: (address, coinType, cursor) =>
      graphqlCall('getCoins', async () => {
        const page = await core.getCoins({ address, coinType, cursor, limit: 50 })
        if (!Array.isArray(page?.objects)) return invalid('getCoins', 'a list of coin objects')
        return { coins: page.objects.map((o) => coinRef({ objectId: o.id, version: o.version, digest: o.digest, balance: o.balance }, 'getCoins')), nextCursor: page.hasNextPage && typeof page.cursor === 'string' ? page.cursor : null }
      }),
    getReferenceGasPrice: () => graphqlCall('getReferenceGasPrice', async () => amount((await core.getReferenceGasPrice())?.referenceGasPrice, 'getReferenceGasPrice')),
    simulate: (bytes) => graphqlCall('simulateTransaction', async () => execution('simulateTransaction', (await core.dryRunTransaction({ transaction: bytes }))?.transaction)),
    execute: (bytes, signatures) => graphqlCall('executeTransaction', async () => execution('executeTransaction', (await core.executeTransaction({ transaction: bytes, signatures }))?.transaction)),
    async getTransactionStatus(digest) {
      try {
        const { transaction } = await core.getTransaction({ digest })
        return execution('getTransaction', transaction).success ? 'success' : 'failure'
      } catch {
        // not indexed yet (the service answers null), or a hiccup: unknown for now
        return undefined
      }
    },
    async getTransaction(digest) {
      let transaction: Awaited<ReturnType<typeof core.getTransaction>>['transaction']
      try {
        ;({ transaction } = await core.getTransaction({ digest }))
      } catch {
        // not indexed yet (the service answers null), or a hiccup: unknown for now
        return undefined
      }
      const { success, error } = execution('getTransaction', transaction)
      const bytes = transaction.transaction?.bcs
      if (!(bytes instanceof Uint8Array) || !Array.isArray(transaction.signatures) || transaction.signatures.some((s) => typeof s !== 'string')) return invalid('getTransaction', 'a transaction with its signatures')
      const effects = transaction.effects?.bcs
      return { digest: transaction.digest, bytes: base64.encode(bytes), signatures: [...transaction.signatures], effects: effects instanceof Uint8Array ? base64.encode(effects) : undefined, success, error }
    },
  }
}

/** The same calls over full-node JSON-RPC (`suix_*`, `sui_*`). */
function jsonRpcClient(network: Network, fetch: typeof globalThis.fetch | undefined): SuiNodeClient {
  const call = <T>(method: string, params: unknown[]) => callSuiRpc<T>({ network, fetch, method, params })
  const execution = (method: string, answer: { digest?: unknown; effects?: { status?: { status?: unknown; error?: unknown }; gasUsed?: { computationCost?: unknown; storageCost?: unknown; storageRebate?: unknown } } } | null): SuiExecution => {
    const effects = answer?.effects
    const status = effects?.status?.status
    if ((status !== 'success' && status !== 'failure') || !effects?.gasUsed) return invalid(method, 'transaction effects')
    const digest = typeof answer?.digest === 'string' ? answer.digest : typeof (effects as { transactionDigest?: unknown }).transactionDigest === 'string' ? String((effects as { transactionDigest?: unknown }).transactionDigest) : ''
    return {
      digest,
      success: status === 'success',
      error: status === 'success' ? null : String(effects.status?.error ?? 'unknown error').slice(0, 300),
      gasUsed: { computationCost: signedAmount(effects.gasUsed.computationCost, method), storageCost: signedAmount(effects.gasUsed.storageCost, method), storageRebate: signedAmount(effects.gasUsed.storageRebate, method) },
    }
  }
  return {
    api: 'jsonRpc',
    getBalance: async (address, coinType) => amount((await call<{ totalBalance?: unknown }>('suix_getBalance', [address, coinType]))?.totalBalance, 'suix_getBalance'),
    async getAllBalances(address) {
      const all = await call<unknown>('suix_getAllBalances', [address])
      if (!Array.isArray(all)) return invalid('suix_getAllBalances', 'a list of balances')
      return all.filter((b) => typeof b?.coinType === 'string').map((b) => ({ coinType: b.coinType as string, balance: amount(b.totalBalance, 'suix_getAllBalances') }))
    },
    getCoinMetadata: async (coinType) => metadataOf(await call<unknown>('suix_getCoinMetadata', [coinType]), 'suix_getCoinMetadata'),
    async getCoins(address, coinType, cursor) {
      const page = await call<{ data?: unknown; hasNextPage?: unknown; nextCursor?: unknown }>('suix_getCoins', [address, coinType, cursor, 50])
      if (!Array.isArray(page?.data)) return invalid('suix_getCoins', 'a list of coin objects')
      return {
        coins: page.data.map((c: { coinObjectId?: unknown; version?: unknown; digest?: unknown; balance?: unknown }) => coinRef({ objectId: c?.coinObjectId, version: c?.version, digest: c?.digest, balance: c?.balance }, 'suix_getCoins')),
        nextCursor: page.hasNextPage === true && typeof page.nextCursor === 'string' ? page.nextCursor : null,
      }
    },
    getReferenceGasPrice: async () => amount(await call<unknown>('suix_getReferenceGasPrice', []), 'suix_getReferenceGasPrice'),
    simulate: async (bytes) => execution('sui_dryRunTransactionBlock', await call('sui_dryRunTransactionBlock', [base64.encode(bytes)])),
    execute: async (bytes, signatures) => execution('sui_executeTransactionBlock', await call('sui_executeTransactionBlock', [base64.encode(bytes), signatures, { showEffects: true }, 'WaitForLocalExecution'])),
    async getTransactionStatus(digest) {
      try {
        const answer = await call<{ effects?: { status?: { status?: unknown } } }>('sui_getTransactionBlock', [digest, { showEffects: true }])
        const status = answer?.effects?.status?.status
        return status === 'success' || status === 'failure' ? status : undefined
      } catch {
        return undefined
      }
    },
    async getTransaction(digest) {
      let answer: (NonNullable<Parameters<typeof execution>[1]> & { rawTransaction?: unknown; rawEffects?: unknown }) | null
      try {
        answer = await call('sui_getTransactionBlock', [digest, { showRawInput: true, showEffects: true, showRawEffects: true }])
      } catch {
        return undefined
      }
      const { success, error } = execution('sui_getTransactionBlock', answer)
      if (typeof answer?.rawTransaction !== 'string') return invalid('sui_getTransactionBlock', 'a transaction with its raw input')
      // `rawTransaction` is BCS `SenderSignedData`: the intent message's TransactionData and the signatures.
      const { bcs } = await loadSuiPeer(() => import('@mysten/sui/bcs'))
      let signed: { bytes: string; signatures: string[] }
      try {
        const [first] = bcs.SenderSignedData.parse(base64.decode(answer.rawTransaction))
        if (!first) throw new Error('no transaction')
        signed = { bytes: bcs.TransactionData.serialize(first.intentMessage.value).toBase64(), signatures: [...first.txSignatures] }
      } catch {
        return invalid('sui_getTransactionBlock', 'a transaction with its raw input')
      }
      const rawEffects = Array.isArray(answer.rawEffects) && answer.rawEffects.length > 0 && answer.rawEffects.every((b) => Number.isInteger(b) && b >= 0 && b < 256) ? base64.encode(Uint8Array.from(answer.rawEffects as number[])) : undefined
      return { digest, ...signed, effects: rawEffects, success, error }
    },
  }
}
