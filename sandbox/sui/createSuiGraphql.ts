import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

import { bcs } from '@mysten/sui/bcs'
import { TransactionDataBuilder } from '@mysten/sui/transactions'
import { normalizeStructTag, normalizeSuiAddress } from '@mysten/sui/utils'
import { base64 } from '@scure/base'
import { type ExecutionResult, type GraphQLSchema, buildSchema, graphql } from 'graphql'

import type { SuiCoin, SuiEffects, SuiLedger } from './createSuiLedger.js'
import { SuiLedgerError } from './SuiLedgerError.js'
import { suiPorticoUsd, suiReferenceGasPrice, suiSandboxChainIdentifier } from './suiSandboxChain.js'

/** Answers one GraphQL request (`{ query, variables, operationName }`) over the ledger. */
export type SuiGraphql = (request: { query: string; variables?: Record<string, unknown> | undefined; operationName?: string | undefined }) => Promise<ExecutionResult>

const require = createRequire(import.meta.url)
let schema: GraphQLSchema | undefined
/**
 * Sui's published GraphQL RPC schema, as `@mysten/sui` ships it (`src/graphql/generated/latest/schema.graphql`):
 * every query is validated against the real schema, so a field the public service does not have
 * fails here too.
 */
function suiSchema(): GraphQLSchema {
  if (!schema) {
    const entry = require.resolve('@mysten/sui/graphql')
    const root = entry.slice(0, entry.lastIndexOf('/dist/'))
    schema = buildSchema(readFileSync(`${root}/src/graphql/generated/latest/schema.graphql`, 'utf8'))
  }
  return schema
}

const coinMetadata: Record<string, { name: string; symbol: string; decimals: number; description: string }> = {
  [normalizeStructTag('0x2::sui::SUI')]: { name: 'Sui', symbol: 'SUI', decimals: 9, description: '' },
  [normalizeStructTag(suiPorticoUsd.coinType)]: { name: suiPorticoUsd.name, symbol: suiPorticoUsd.symbol, decimals: suiPorticoUsd.decimals, description: 'The sandbox stable coin' },
}
const coinStruct = bcs.struct('Coin', { id: bcs.Address, balance: bcs.u64() })
/** The deleted-object digest Sui writes for an object that no longer exists. */
const deletedDigest = '7gyGAp71YXQRoxmFBaHxofQXAipvgHyBKPyxmdSJxyvz'
const maxPage = 50

/** A coin type as the service writes it (`normalizeStructTag`), or a GraphQL error for a malformed one. */
function coinTypeOf(value: unknown): string {
  if (typeof value !== 'string' || value.length > 300) throw new Error('coinType must be a Move type such as 0x2::sui::SUI')
  try {
    return normalizeStructTag(value)
  } catch {
    throw new Error(`Invalid coin type: ${value.slice(0, 80)}`)
  }
}
function addressOf(value: unknown): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new Error('Invalid SuiAddress: expected 0x and at most 64 hex digits')
  return normalizeSuiAddress(value)
}
/** Relay-style paging over `items` (cursor = the item's key). */
function connection<T, N>(items: T[], keyOf: (item: T) => string, args: { first?: unknown; after?: unknown }, node: (item: T) => N) {
  const size = typeof args.first === 'number' && args.first > 0 ? Math.min(args.first, maxPage) : maxPage
  const start = typeof args.after === 'string' ? items.findIndex((item) => keyOf(item) === args.after) + 1 : 0
  const page = items.slice(start, start + size)
  const last = page[page.length - 1]
  return { pageInfo: { hasNextPage: start + size < items.length, hasPreviousPage: start > 0, startCursor: page[0] ? keyOf(page[0]) : null, endCursor: last ? keyOf(last) : null }, nodes: page.map(node) }
}

/** The BCS `ExecutionFailureStatus` of a ledger failure message (its first word names the kind). */
function failureStatus(error: string) {
  const kind = /^([A-Za-z]+)/.exec(error)?.[1] ?? ''
  const command = /in command (\d+)/.exec(error)?.[1]
  const argument = (k: string) => ({ CommandArgumentError: { argIdx: 0, kind: { [k]: true } } })
  const failure =
    kind === 'InsufficientCoinBalance' || kind === 'InsufficientGas'
      ? { [kind]: true }
      : kind === 'UnusedValueWithoutDrop'
        ? { UnusedValueWithoutDrop: { resultIdx: 0, secondaryIdx: 0 } }
        : kind === 'TypeMismatch' || kind === 'InvalidBCSBytes' || kind === 'InvalidGasCoinUsage'
          ? argument(kind)
          : argument('InvalidValueUsage')
  return { Failed: { error: failure as never, command: command === undefined ? null : BigInt(command) } }
}

/**
 * The ledger's effects as BCS `TransactionEffects::V2`, what the service's `effectsBcs` carries and
 * `@mysten/sui` parses: every input object's before state, every written one's after state.
 */
export function suiEffectsBcs(effects: SuiEffects): string {
  const lamportVersion = effects.gasObject.version
  const owner = (address: string) => ({ AddressOwner: address })
  const inputs = new Map(effects.inputs.map((i) => [i.objectId, i]))
  const written = new Map([...effects.created, ...effects.mutated].map((o) => [o.objectId, o]))
  const ids = [...new Set([...effects.inputs.map((i) => i.objectId), ...effects.created.map((c) => c.objectId)])]
  const changedObjects = ids.map((id) => {
    const before = inputs.get(id)
    const after = written.get(id)
    return [
      id,
      {
        inputState: before ? { Exist: [[before.version, before.digest], owner(before.owner)] } : { NotExist: true },
        outputState: after ? { ObjectWrite: [after.digest, owner(after.owner)] } : { NotExist: true },
        idOperation: !before ? { Created: true } : after ? { None: true } : { Deleted: true },
      },
    ] as const
  })
  const gasObjectIndex = ids.indexOf(effects.gasObject.objectId)
  return bcs.TransactionEffects.serialize({
    V2: {
      status: effects.status.status === 'success' ? { Success: true } : failureStatus(effects.status.error),
      executedEpoch: 0n,
      gasUsed: effects.gasUsed,
      transactionDigest: effects.digest,
      gasObjectIndex: gasObjectIndex >= 0 ? gasObjectIndex : null,
      eventsDigest: null,
      dependencies: [],
      lamportVersion,
      changedObjects: changedObjects as never,
      unchangedSharedObjects: [],
      auxDataDigest: null,
    },
  }).toBase64()
}

/**
 * Sui's GraphQL RPC (the public service's schema, `@mysten/sui`'s `SuiGraphQLClient` and its
 * `core` API) answered from the ledger, for the subset a wallet modal uses: `address { balance,
 * balances, objects }` (coins), `coinMetadata`, `epoch { referenceGasPrice }`, `chainIdentifier`,
 * `multiGetObjects`, `object`, `simulateTransaction`, `transaction`, and the `executeTransaction`
 * mutation, which checks the signature through the ledger as the JSON-RPC does. Fields outside the
 * subset resolve to null; a query the real schema refuses is refused.
 *
 * @param ledger the Sui ledger
 * @returns the request handler
 * @example
 * const answer = await createSuiGraphql(ledger)({ query: '{ chainIdentifier }' })
 */
export function createSuiGraphql(ledger: SuiLedger): SuiGraphql {
  const typeRepr = (repr: string) => ({ repr })
  const coinNode = (coin: SuiCoin) => {
    const coinType = normalizeStructTag(coin.coinType)
    const contents = { type: typeRepr(`0x${'0'.repeat(63)}2::coin::Coin<${coinType}>`), bcs: coinStruct.serialize({ id: coin.objectId, balance: coin.balance }).toBase64(), json: { id: coin.objectId, balance: String(coin.balance) } }
    const common = { address: coin.objectId, version: Number(coin.version), digest: coin.digest, owner: { __typename: 'AddressOwner', address: { address: coin.owner } }, previousTransaction: () => transactionNode(coin.previousTransaction) }
    const moveObject = { __typename: 'MoveObject', ...common, contents, hasPublicTransfer: true }
    return { ...moveObject, asMoveObject: moveObject }
  }
  const objectNode = (id: string) => {
    const coin = ledger.object(id)
    return coin ? { ...coinNode(coin), __typename: 'Object' } : null
  }
  const balancesOf = (owner: string) => {
    const totals = new Map<string, bigint>()
    for (const coin of ledger.coins(owner)) totals.set(normalizeStructTag(coin.coinType), (totals.get(normalizeStructTag(coin.coinType)) ?? 0n) + coin.balance)
    return [...totals].map(([coinType, total]) => ({ coinType: typeRepr(coinType), totalBalance: String(total) }))
  }
  const effectsNode = (digest: string, effects: SuiEffects, transaction: () => unknown) => ({
    digest,
    effectsBcs: suiEffectsBcs(effects),
    status: effects.status.status === 'success' ? 'SUCCESS' : 'FAILURE',
    executionError: effects.status.status === 'failure' ? { message: effects.status.error } : null,
    lamportVersion: Number(effects.gasObject.version),
    epoch: { epochId: 0, referenceGasPrice: String(suiReferenceGasPrice) },
    gasEffects: { gasSummary: { computationCost: String(effects.gasUsed.computationCost), storageCost: String(effects.gasUsed.storageCost), storageRebate: String(effects.gasUsed.storageRebate), nonRefundableStorageFee: String(effects.gasUsed.nonRefundableStorageFee) } },
    unchangedConsensusObjects: () => connection([], () => '', {}, (x) => x),
    objectChanges: (args: { first?: unknown; after?: unknown }) => {
      const before = new Map(effects.inputs.map((i) => [i.objectId, i]))
      const after = new Map([...effects.created, ...effects.mutated].map((o) => [o.objectId, o]))
      const state = (ref: { objectId: string; version: bigint; digest: string } | undefined) => (ref ? { __typename: 'Object', address: ref.objectId, version: Number(ref.version), digest: ref.digest, asMoveObject: null } : null)
      const ids = [...new Set([...before.keys(), ...after.keys()])]
      return connection(ids, (id) => id, args, (id) => ({ address: id, idCreated: !before.has(id), idDeleted: !after.has(id), inputState: state(before.get(id)), outputState: state(after.get(id)) }))
    },
    balanceChanges: (args: { first?: unknown; after?: unknown }) =>
      connection(effects.balanceChanges, (c) => `${c.owner}:${c.coinType}`, args, (c) => ({ owner: { address: c.owner }, coinType: typeRepr(normalizeStructTag(c.coinType)), amount: String(c.amount) })),
    transaction,
  })
  const transactionNode = (digest: string): unknown => {
    const record = ledger.transaction(digest)
    if (!record) return { digest, transactionBcs: null, signatures: [], effects: null, sender: null }
    const node: Record<string, unknown> = {
      digest,
      transactionBcs: base64.encode(record.bytes),
      signatures: record.signatures.map((signatureBytes) => ({ signatureBytes })),
      sender: { address: record.effects.sender },
    }
    node.effects = { ...effectsNode(digest, record.effects, () => node), timestamp: new Date(record.timestampMs).toISOString(), checkpoint: { sequenceNumber: Number(record.checkpoint) } }
    return node
  }
  const decode = (value: unknown, what: string) => {
    if (typeof value !== 'string' || value.length > 200_000) throw new Error(`${what} must be Base64`)
    try {
      return base64.decode(value)
    } catch {
      throw new Error(`${what} is not valid Base64`)
    }
  }

  const rootValue = {
    chainIdentifier: () => suiSandboxChainIdentifier,
    epoch: () => ({ epochId: 0, referenceGasPrice: String(suiReferenceGasPrice) }),
    coinMetadata: ({ coinType }: { coinType: unknown }) => {
      const metadata = coinMetadata[coinTypeOf(coinType)]
      return metadata ? { __typename: 'CoinMetadata', ...metadata, iconUrl: null } : null
    },
    address: ({ address }: { address: unknown }) => {
      const owner = addressOf(address)
      return {
        address: owner,
        balance: ({ coinType }: { coinType: unknown }) => {
          const type = coinTypeOf(coinType)
          return balancesOf(owner).find((b) => b.coinType.repr === type) ?? { coinType: typeRepr(type), totalBalance: '0' }
        },
        balances: (args: { first?: unknown; after?: unknown }) => connection(balancesOf(owner), (b) => b.coinType.repr, args, (b) => b),
        objects: (args: { first?: unknown; after?: unknown; filter?: { type?: unknown } | null }) => {
          const filterType = args.filter?.type
          const inner = typeof filterType === 'string' ? /^0x0*2::coin::Coin<(.+)>$/.exec(filterType)?.[1] : undefined
          if (typeof filterType === 'string' && inner === undefined) return connection([], () => '', args, (x) => x)
          const wanted = inner === undefined ? undefined : coinTypeOf(inner)
          const coins = ledger.coins(owner).filter((c) => wanted === undefined || normalizeStructTag(c.coinType) === wanted)
          return connection(coins, (c) => c.objectId, args, coinNode)
        },
      }
    },
    object: ({ address }: { address: unknown }) => objectNode(addressOf(address)),
    multiGetObjects: ({ keys }: { keys: { address: unknown }[] }) => {
      if (keys.length > maxPage) throw new Error(`At most ${maxPage} object keys`)
      return keys.map((key) => objectNode(addressOf(key.address)))
    },
    transaction: ({ digest }: { digest: string }) => (ledger.transaction(digest) ? transactionNode(digest) : null),
    simulateTransaction: ({ transaction }: { transaction: unknown }) => {
      const given = (transaction as { bcs?: { value?: unknown } } | null)?.bcs?.value
      let bytes: Uint8Array
      try {
        bytes = decode(given, 'transaction.bcs.value')
      } catch (error) {
        return { effects: null, error: (error as Error).message }
      }
      try {
        const effects = ledger.dryRun(bytes)
        const digest = TransactionDataBuilder.getDigestFromBytes(bytes)
        const node: Record<string, unknown> = { digest, transactionBcs: base64.encode(bytes), signatures: [], sender: { address: effects.sender } }
        node.effects = effectsNode(digest, effects, () => node)
        return { effects: node.effects, error: null }
      } catch (error) {
        if (error instanceof SuiLedgerError) return { effects: null, error: error.shortMessage }
        throw error
      }
    },
    executeTransaction: async ({ transactionDataBcs, signatures }: { transactionDataBcs: unknown; signatures: unknown[] }) => {
      try {
        const record = await ledger.execute(decode(transactionDataBcs, 'transactionDataBcs'), signatures.map((s) => String(s)))
        const node = transactionNode(record.digest) as { effects: object }
        return { effects: { ...node.effects, transaction: node }, errors: null }
      } catch (error) {
        if (error instanceof SuiLedgerError) return { effects: null, errors: [error.shortMessage] }
        return { effects: null, errors: [(error as Error).message] }
      }
    },
  }

  return async ({ query, variables, operationName }) => graphql({ schema: suiSchema(), source: query, rootValue, variableValues: variables ?? null, operationName: operationName ?? null })
}
