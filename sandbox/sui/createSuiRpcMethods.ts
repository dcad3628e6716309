import { bcs } from '@mysten/sui/bcs'
import { base64 } from '@scure/base'

import { suiEffectsBcs } from './createSuiGraphql.js'
import type { SuiCoin, SuiEffects, SuiLedger, SuiLedgerTransaction } from './createSuiLedger.js'
import { SuiLedgerError } from './SuiLedgerError.js'
import { suiCoinType, suiPorticoUsd, suiReferenceGasPrice, suiSandboxChainIdentifier } from './suiSandboxChain.js'

/** One JSON-RPC method: takes the params array, answers the result or throws a SuiLedgerError. */
export type SuiRpcMethod = (params: unknown[]) => unknown | Promise<unknown>
export type SuiRpcMethods = Record<string, SuiRpcMethod>

const addressPattern = /^0x[0-9a-fA-F]{1,64}$/
/** Sui's `normalizeSuiAddress`: lower case, left-padded to 64 hex digits. */
const normalizeAddress = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || !addressPattern.test(value)) throw new SuiLedgerError(-32602, `Invalid params: ${what} must be a 0x-prefixed hex address of at most 32 bytes`)
  return `0x${value.slice(2).toLowerCase().padStart(64, '0')}`
}
const optionalString = (value: unknown, what: string): string | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value.length > 300) throw new SuiLedgerError(-32602, `Invalid params: ${what} must be a string`)
  return value
}
const decodeBase64 = (value: unknown, what: string): Uint8Array => {
  if (typeof value !== 'string' || value.length > 200_000) throw new SuiLedgerError(-32602, `Invalid params: ${what} must be a base64 string`)
  try {
    return base64.decode(value)
  } catch {
    throw new SuiLedgerError(-32602, `Invalid params: ${what} is not valid base64`)
  }
}
const coinMetadata: Record<string, { name: string; symbol: string; decimals: number; description: string }> = {
  [suiCoinType]: { name: 'Sui', symbol: 'SUI', decimals: 9, description: '' },
  [suiPorticoUsd.coinType]: { name: suiPorticoUsd.name, symbol: suiPorticoUsd.symbol, decimals: suiPorticoUsd.decimals, description: 'The sandbox stable coin' },
}
/** `0x2::sui::SUI` and `0x000…002::sui::SUI` name the same type. */
const normalizeCoinType = (coinType: string) => {
  const [address, ...rest] = coinType.split('::')
  return address && /^0x[0-9a-fA-F]{1,64}$/.test(address) && rest.length === 2 ? [address === '0x2' || /^0x0*2$/.test(address) ? '0x2' : address.toLowerCase(), ...rest].join('::') : coinType
}

const addressOwner = (owner: string) => ({ AddressOwner: owner })
const ownedRef = (ref: { objectId: string; version: bigint; digest: string; owner: string }) => ({ owner: addressOwner(ref.owner), reference: { objectId: ref.objectId, version: Number(ref.version), digest: ref.digest } })

function effectsJson(effects: SuiEffects) {
  const { gasUsed } = effects
  return {
    messageVersion: 'v1',
    status: effects.status,
    executedEpoch: '0',
    gasUsed: {
      computationCost: String(gasUsed.computationCost),
      storageCost: String(gasUsed.storageCost),
      storageRebate: String(gasUsed.storageRebate),
      nonRefundableStorageFee: String(gasUsed.nonRefundableStorageFee),
    },
    modifiedAtVersions: effects.modifiedAtVersions.map((m) => ({ objectId: m.objectId, sequenceNumber: String(m.sequenceNumber) })),
    transactionDigest: effects.digest,
    ...(effects.created.length > 0 ? { created: effects.created.map(ownedRef) } : {}),
    ...(effects.mutated.length > 0 ? { mutated: effects.mutated.map(ownedRef) } : {}),
    ...(effects.deleted.length > 0 ? { deleted: effects.deleted.map((d) => ({ objectId: d.objectId, version: Number(d.version), digest: d.digest })) } : {}),
    gasObject: ownedRef(effects.gasObject),
    dependencies: [],
  }
}
const balanceChangesJson = (effects: SuiEffects) => effects.balanceChanges.map((c) => ({ owner: addressOwner(c.owner), coinType: c.coinType, amount: String(c.amount) }))
const coinObjectType = (coinType: string) => `0x2::coin::Coin<${coinType}>`

type ResponseOptions = { showInput?: boolean; showRawInput?: boolean; showEffects?: boolean; showRawEffects?: boolean; showEvents?: boolean; showBalanceChanges?: boolean; showObjectChanges?: boolean }

/** The JSON-RPC `SuiTransactionBlockData` of BCS `TransactionData`: sender, gas data and the commands' kinds. */
function transactionDataJson(bytes: Uint8Array) {
  const v1 = bcs.TransactionData.parse(bytes).V1
  if (!v1) return null
  const { gasData } = v1
  return {
    messageVersion: 'v1',
    transaction: { kind: v1.kind.$kind, inputs: [], transactions: (v1.kind.ProgrammableTransaction?.commands ?? []).map((c) => ({ [c.$kind]: [] })) },
    sender: v1.sender,
    gasData: { payment: gasData.payment.map((p) => ({ objectId: p.objectId, version: Number(p.version), digest: p.digest })), owner: gasData.owner, price: String(gasData.price), budget: String(gasData.budget) },
  }
}

/** A `SuiTransactionBlockResponse` with the parts `options` asks for. */
function transactionResponse(record: SuiLedgerTransaction, options: ResponseOptions = {}) {
  const { effects } = record
  const objectChanges = () => [
    ...effects.created.map((c) => ({ type: 'created', sender: effects.sender, owner: addressOwner(c.owner), objectType: coinObjectType(suiCoinType), objectId: c.objectId, version: String(c.version), digest: c.digest })),
    ...effects.mutated.map((c) => ({ type: 'mutated', sender: effects.sender, owner: addressOwner(c.owner), objectId: c.objectId, version: String(c.version), digest: c.digest })),
    ...effects.deleted.map((d) => ({ type: 'deleted', sender: effects.sender, objectId: d.objectId, version: String(d.version) })),
  ]
  return {
    digest: record.digest,
    ...(options.showInput ? { transaction: { data: transactionDataJson(record.bytes), txSignatures: record.signatures } } : {}),
    ...(options.showRawInput ? { rawTransaction: base64.encode(bcs.SenderSignedData.serialize([{ intentMessage: { intent: { scope: { TransactionData: true }, version: { V0: true }, appId: { Sui: true } }, value: bcs.TransactionData.parse(record.bytes) }, txSignatures: record.signatures.map((s) => base64.decode(s)) }]).toBytes()) } : {}),
    ...(options.showEffects ? { effects: effectsJson(effects) } : {}),
    // BCS `TransactionEffects` as a byte array, what wallets hand back as `effects` (base64) after executing.
    ...(options.showRawEffects ? { rawEffects: Array.from(base64.decode(suiEffectsBcs(effects))) } : {}),
    ...(options.showEvents ? { events: [] } : {}),
    ...(options.showObjectChanges ? { objectChanges: objectChanges() } : {}),
    ...(options.showBalanceChanges ? { balanceChanges: balanceChangesJson(effects) } : {}),
    timestampMs: String(record.timestampMs),
    checkpoint: String(record.checkpoint),
  }
}

function objectResponse(ledger: SuiLedger, id: string, options: { showType?: boolean; showOwner?: boolean; showContent?: boolean; showPreviousTransaction?: boolean } = {}) {
  const objectId = normalizeAddress(id, 'the object id')
  const coin = ledger.object(objectId)
  if (!coin) {
    const gone = ledger.deletedObject(objectId)
    return gone ? { error: { code: 'deleted', object_id: objectId, version: String(gone.version), digest: gone.digest } } : { error: { code: 'notExists', object_id: objectId } }
  }
  return {
    data: {
      objectId,
      version: String(coin.version),
      digest: coin.digest,
      ...(options.showType ? { type: coinObjectType(coin.coinType) } : {}),
      ...(options.showOwner ? { owner: addressOwner(coin.owner) } : {}),
      ...(options.showPreviousTransaction ? { previousTransaction: coin.previousTransaction } : {}),
      ...(options.showContent ? { content: { dataType: 'moveObject', type: coinObjectType(coin.coinType), hasPublicTransfer: true, fields: { balance: String(coin.balance), id: { id: objectId } } } } : {}),
    },
  }
}

const coinJson = (coin: SuiCoin) => ({ coinType: coin.coinType, coinObjectId: coin.objectId, version: String(coin.version), digest: coin.digest, balance: String(coin.balance), previousTransaction: coin.previousTransaction })

/** Pages a list the way Sui's JSON-RPC does: `cursor` is the last item's key of the previous page. */
function page<T>(items: T[], keyOf: (item: T) => string, cursor: unknown, limit: unknown, max = 50) {
  const size = typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? Math.min(limit, max) : max
  const start = typeof cursor === 'string' ? items.findIndex((item) => keyOf(item) === cursor) + 1 : 0
  const data = items.slice(start, start + size)
  const hasNextPage = start + size < items.length
  return { data, nextCursor: data.length > 0 ? keyOf(data[data.length - 1] as T) : null, hasNextPage }
}

function balances(ledger: SuiLedger, owner: string, coinType?: string) {
  const coins = ledger.coins(owner, coinType)
  const types = coinType ? [coinType] : [...new Set(coins.map((c) => c.coinType))]
  return types.map((type) => {
    const ofType = coins.filter((c) => c.coinType === type)
    return { coinType: type, coinObjectCount: ofType.length, totalBalance: String(ofType.reduce((sum, c) => sum + c.balance, 0n)), lockedBalance: {} }
  })
}

/**
 * The subset of Sui's full-node JSON-RPC that `@mysten/sui`'s `SuiClient` uses to build, dry-run,
 * execute and follow a coin transfer, and to read coins, balances and transactions, answered
 * from the ledger.
 *
 * @param ledger the Sui ledger
 * @returns the methods by name
 * @example
 * const methods = createSuiRpcMethods(createSuiLedger())
 * await methods.suix_getReferenceGasPrice([])
 */
export function createSuiRpcMethods(ledger: SuiLedger): SuiRpcMethods {
  const lookup = (digest: unknown) => {
    const record = typeof digest === 'string' ? ledger.transaction(digest) : undefined
    if (!record) throw new SuiLedgerError(-32602, `Could not find the referenced transaction [TransactionDigest(${String(digest).slice(0, 64)})].`)
    return record
  }
  return {
    sui_getChainIdentifier: () => suiSandboxChainIdentifier,
    sui_getLatestCheckpointSequenceNumber: () => String(ledger.checkpoint()),
    suix_getReferenceGasPrice: () => String(suiReferenceGasPrice),
    suix_getCoinMetadata: ([coinType]) => {
      const metadata = coinMetadata[normalizeCoinType(String(coinType))]
      return metadata ? { ...metadata, iconUrl: null, id: null } : null
    },
    sui_getObject: ([id, options]) => objectResponse(ledger, id as string, (options ?? {}) as Record<string, boolean>),
    sui_multiGetObjects: ([ids, options]) => {
      if (!Array.isArray(ids) || ids.length > 50) throw new SuiLedgerError(-32602, 'Invalid params: object ids must be an array of at most 50')
      return ids.map((id) => objectResponse(ledger, id as string, (options ?? {}) as Record<string, boolean>))
    },
    suix_getCoins: ([owner, coinType, cursor, limit]) => {
      const type = normalizeCoinType(optionalString(coinType, 'coinType') ?? suiCoinType)
      return page(ledger.coins(normalizeAddress(owner, 'owner'), type).map(coinJson), (c) => c.coinObjectId, cursor, limit)
    },
    suix_getAllCoins: ([owner, cursor, limit]) => page(ledger.coins(normalizeAddress(owner, 'owner')).map(coinJson), (c) => c.coinObjectId, cursor, limit),
    suix_getBalance: ([owner, coinType]) => balances(ledger, normalizeAddress(owner, 'owner'), normalizeCoinType(optionalString(coinType, 'coinType') ?? suiCoinType))[0],
    suix_getAllBalances: ([owner]) => balances(ledger, normalizeAddress(owner, 'owner')),
    sui_dryRunTransactionBlock: ([txBytes]) => {
      const effects = ledger.dryRun(decodeBase64(txBytes, 'tx_bytes'))
      return { effects: effectsJson(effects), events: [], objectChanges: [], balanceChanges: balanceChangesJson(effects), input: {} }
    },
    sui_executeTransactionBlock: async ([txBytes, signatures, options]) => {
      const bytes = decodeBase64(txBytes, 'tx_bytes')
      if (!Array.isArray(signatures) || signatures.some((s) => typeof s !== 'string')) throw new SuiLedgerError(-32602, 'Invalid params: signatures must be an array of base64 strings')
      const record = await ledger.execute(bytes, signatures as string[])
      return { ...transactionResponse(record, (options ?? {}) as ResponseOptions), confirmedLocalExecution: true }
    },
    sui_getTransactionBlock: ([digest, options]) => transactionResponse(lookup(digest), (options ?? {}) as ResponseOptions),
    sui_multiGetTransactionBlocks: ([digests, options]) => {
      if (!Array.isArray(digests) || digests.length > 50) throw new SuiLedgerError(-32602, 'Invalid params: digests must be an array of at most 50')
      return digests.map((d) => transactionResponse(lookup(d), (options ?? {}) as ResponseOptions))
    },
    suix_queryTransactionBlocks: ([query, cursor, limit, descending]) => {
      const filter = (query as { filter?: Record<string, unknown> } | undefined)?.filter ?? {}
      const address = filter.FromOrToAddress ? (filter.FromOrToAddress as { addr?: unknown }).addr : (filter.FromAddress ?? filter.ToAddress)
      if (address === undefined) throw new SuiLedgerError(-32602, 'Invalid params: the sandbox ledger filters transactions by FromAddress, ToAddress or FromOrToAddress only')
      const who = normalizeAddress(address, 'the filter address')
      let records = ledger.history(who)
      if (filter.FromAddress) records = records.filter((r) => r.effects.sender === who)
      if (filter.ToAddress) records = records.filter((r) => r.effects.balanceChanges.some((c) => c.owner === who && c.amount > 0n))
      if (descending === false) records = [...records].reverse()
      const options = ((query as { options?: ResponseOptions }).options ?? {}) as ResponseOptions
      const result = page(records, (r) => r.digest, cursor, limit)
      return { ...result, data: result.data.map((r) => transactionResponse(r, options)) }
    },
  }
}
