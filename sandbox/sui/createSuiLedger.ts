import { blake2b } from '@noble/hashes/blake2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { bcs } from '@mysten/sui/bcs'
import { TransactionDataBuilder } from '@mysten/sui/transactions'
import { base58, base64 } from '@scure/base'

import { recoverSuiSigner } from '../../plugins/sui/server/index.js'
import { SuiLedgerError } from './SuiLedgerError.js'
import { suiCoinType, suiReferenceGasPrice } from './suiSandboxChain.js'

/** A coin object: Sui's `0x2::coin::Coin<T>` with its id, version, digest and single owner. */
export type SuiCoin = { objectId: string; version: bigint; digest: string; owner: string; coinType: string; balance: bigint; previousTransaction: string }

/** A reference to an object version, as effects list them. */
export type SuiObjectRef = { objectId: string; version: bigint; digest: string }

/** What a transaction did (the ledger's own shape; `createSuiRpcMethods` writes it as JSON-RPC). */
export type SuiEffects = {
  digest: string
  sender: string
  status: { status: 'success' } | { status: 'failure'; error: string }
  gasUsed: { computationCost: bigint; storageCost: bigint; storageRebate: bigint; nonRefundableStorageFee: bigint }
  created: (SuiObjectRef & { owner: string })[]
  mutated: (SuiObjectRef & { owner: string })[]
  deleted: SuiObjectRef[]
  gasObject: SuiObjectRef & { owner: string }
  /** Input objects and the versions they were read at. */
  modifiedAtVersions: { objectId: string; sequenceNumber: bigint }[]
  /** Every input object as it was before the transaction (its version, digest and owner): what effects V2 list as input states. */
  inputs: (SuiObjectRef & { owner: string })[]
  balanceChanges: { owner: string; coinType: string; amount: bigint }[]
}

/** An executed transaction. */
export type SuiLedgerTransaction = {
  digest: string
  bytes: Uint8Array
  signatures: string[]
  effects: SuiEffects
  timestampMs: number
  checkpoint: bigint
}

export type SuiLedger = {
  /**
   * Checks a signed transaction as a validator would (decoding, the sender's signature over the
   * intent message, owned object versions and digests, gas price, budget and payment) and runs it.
   * @throws SuiLedgerError when it is refused before execution (nothing changes then)
   */
  execute(bytes: Uint8Array, signatures: readonly string[]): Promise<SuiLedgerTransaction>
  /** Runs a transaction without a signature and without keeping anything. */
  dryRun(bytes: Uint8Array): SuiEffects
  /** Creates a coin out of thin air (genesis and the faucet's premine). */
  mint(owner: string, coinType: string, balance: bigint): SuiCoin
  object(objectId: string): SuiCoin | undefined
  /** Objects consumed or merged away, with the version they ended at. */
  deletedObject(objectId: string): SuiObjectRef | undefined
  coins(owner: string, coinType?: string): SuiCoin[]
  transaction(digest: string): SuiLedgerTransaction | undefined
  /** Transactions that involve `address` (as sender or a balance change), newest first. */
  history(address: string): SuiLedgerTransaction[]
  /** The number of the newest checkpoint (one per transaction; 0 is genesis). */
  checkpoint(): bigint
}

/** Gas units a coin transaction costs (computation; times the gas price). */
const computationUnits = 1_000n
/** Storage cost of one object written, in MIST (Sui charges per byte; a coin is about this much). */
const storagePerObject = 988_000n
/** What deleting or rewriting an object gives back: 99% of its storage cost. */
const rebatePerObject = 978_120n
/** The 1% of a rebate that is kept. */
const nonRefundablePerObject = storagePerObject - rebatePerObject
/** Sui's ceiling on a gas budget (50 SUI). */
const maxGasBudget = 50_000_000_000n

const hexOf = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`
const normalize = (address: string) => address.toLowerCase()
const hexVersion = (version: bigint) => `0x${version.toString(16)}`
/** A fresh object digest: blake2b-256 of the object's id, version, owner and balance. */
const objectDigest = (coin: Omit<SuiCoin, 'digest' | 'previousTransaction'>) =>
  base58.encode(blake2b(new TextEncoder().encode(`${coin.objectId}:${coin.version}:${coin.owner}:${coin.coinType}:${coin.balance}`), { dkLen: 32 }))

type ParsedTransaction = ReturnType<typeof bcs.TransactionData.parse>
type Argument = { $kind: string; GasCoin?: true; Input?: number; Result?: number; NestedResult?: [number, number] }

/** A failure during execution: gas is still charged and the status says why. */
class ExecutionFailure extends Error {}

/**
 * An in-memory Sui ledger of coin objects. Each transaction is the real BCS `TransactionData`
 * (`V1`, a programmable transaction), checked the way a validator checks it before execution
 * (signature over the intent message by the sender's key, every owned input object at its current
 * version and digest and owned by the sender, gas price at least the reference price, a budget the
 * gas coins cover) and then run with `SplitCoins`, `MergeCoins` and `TransferObjects`. Gas is
 * charged to the first payment coin (the others are merged into it first); a failing command
 * still charges gas and bumps the gas coin's version, as on Sui. Replays are refused because their
 * input objects are no longer at the versions they name.
 *
 * @returns the ledger
 * @example
 * const ledger = createSuiLedger()
 * ledger.mint(address, '0x2::sui::SUI', 10n ** 9n)
 */
export function createSuiLedger(): SuiLedger {
  const objects = new Map<string, SuiCoin>()
  const deleted = new Map<string, SuiObjectRef>()
  const transactions = new Map<string, SuiLedgerTransaction>()
  const order: SuiLedgerTransaction[] = []
  let mintCounter = 0n
  const genesisDigest = base58.encode(new Uint8Array(32))

  const newObjectId = (seed: string) => hexOf(blake2b(new TextEncoder().encode(seed), { dkLen: 32 }))

  function mint(owner: string, coinType: string, balance: bigint): SuiCoin {
    mintCounter += 1n
    const base = { objectId: newObjectId(`portico sandbox sui mint ${mintCounter}`), version: 1n, owner: normalize(owner), coinType, balance }
    const coin = { ...base, digest: objectDigest(base), previousTransaction: genesisDigest }
    objects.set(coin.objectId, coin)
    return coin
  }

  function decode(bytes: Uint8Array): ParsedTransaction {
    try {
      return bcs.TransactionData.parse(bytes)
    } catch (error) {
      throw new SuiLedgerError(-32602, `Invalid params: the transaction bytes are not a BCS TransactionData (${(error as Error).message})`)
    }
  }

  function checkOwnedRef(ref: { objectId: string; version: string | number | bigint; digest: string }, sender: string, what: string): SuiCoin {
    const objectId = normalize(ref.objectId)
    const version = BigInt(ref.version)
    const current = objects.get(objectId)
    const refText = `Object ID ${objectId} Version ${hexVersion(version)} Digest ${ref.digest}`
    if (!current) {
      const gone = deleted.get(objectId)
      if (gone) throw new SuiLedgerError(-32002, `Transaction validator signing failed due to issues with transaction inputs, please review the errors and try again:\n- ${refText} is not available for consumption, current version: ${hexVersion(gone.version)} (deleted)`)
      throw new SuiLedgerError(-32002, `Transaction validator signing failed due to issues with transaction inputs, please review the errors and try again:\n- Could not find the referenced object ${objectId} as the ${what}`)
    }
    if (current.version !== version || current.digest !== ref.digest) {
      throw new SuiLedgerError(-32002, `Transaction validator signing failed due to issues with transaction inputs, please review the errors and try again:\n- ${refText} is not available for consumption, current version: ${hexVersion(current.version)}`)
    }
    if (current.owner !== sender) throw new SuiLedgerError(-32002, `Transaction validator signing failed due to issues with transaction inputs, please review the errors and try again:\n- Object ${objectId} is owned by account address ${current.owner}, but given owner/signer address is ${sender}`)
    return current
  }

  /** Runs a transaction on copies of the objects it touches; `commit` keeps the result (and requires a real payment). */
  function run(bytes: Uint8Array, { commit }: { commit: boolean }): SuiEffects {
    const data = decode(bytes)
    const v1 = data.V1
    if (!v1) throw new SuiLedgerError(-32602, 'Invalid params: only TransactionData V1 is supported')
    const digest = TransactionDataBuilder.getDigestFromBytes(bytes)
    if (transactions.has(digest)) throw new SuiLedgerError(-32002, `Transaction ${digest} was already executed; its input objects have been consumed`)
    const sender = normalize(v1.sender)
    const programmable = v1.kind.ProgrammableTransaction
    if (!programmable) throw new SuiLedgerError(-32602, `Invalid params: the sandbox ledger runs programmable transactions only, not ${v1.kind.$kind}`)
    const { gasData } = v1
    if (normalize(gasData.owner) !== sender) throw new SuiLedgerError(-32002, 'Sponsored transactions are not supported by the sandbox ledger: the gas owner must be the sender')
    const price = BigInt(gasData.price)
    const budget = BigInt(gasData.budget)
    if (price < suiReferenceGasPrice) throw new SuiLedgerError(-32002, `Gas price ${price} under reference gas price (RGP) ${suiReferenceGasPrice}`)
    const computationCost = price * computationUnits
    if (budget > maxGasBudget) throw new SuiLedgerError(-32002, `Gas budget ${budget} is above the maximum ${maxGasBudget}`)
    if (budget < computationCost) throw new SuiLedgerError(-32002, `Gas budget: ${budget} is lower than min: ${computationCost}.`)

    const work = new Map<string, SuiCoin>()
    const readAt = new Map<string, bigint>()
    const take = (coin: SuiCoin) => {
      if (!work.has(coin.objectId)) {
        work.set(coin.objectId, { ...coin })
        readAt.set(coin.objectId, coin.version)
      }
      return work.get(coin.objectId) as SuiCoin
    }
    // A dry run may leave the payment empty (the SDK's budget estimate): the sender's largest SUI coin stands in.
    const payment = gasData.payment.length > 0 || commit ? gasData.payment : coinsOf(sender, suiCoinType).slice(0, 1).map((c) => ({ objectId: c.objectId, version: c.version.toString(), digest: c.digest }))
    if (payment.length === 0) throw new SuiLedgerError(-32002, `No gas payment: ${sender} owns no SUI coin`)
    const gasCoins = payment.map((ref) => take(checkOwnedRef(ref, sender, 'gas payment')))
    const gas = gasCoins[0] as SuiCoin
    if (gasCoins.some((c) => c.coinType !== suiCoinType)) throw new SuiLedgerError(-32002, 'Gas payment objects must be SUI coins')
    const gasTotal = gasCoins.reduce((sum, c) => sum + c.balance, 0n)
    if (commit && gasTotal < budget) throw new SuiLedgerError(-32002, `Balance of gas object ${gas.objectId} is lower than the needed amount: ${budget}`)
    const deletedIds = new Set<string>()
    for (const extra of gasCoins.slice(1)) {
      gas.balance += extra.balance
      extra.balance = 0n
      deletedIds.add(extra.objectId)
    }
    const inputs = programmable.inputs.map((input) => {
      if (input.Pure) return { pure: base64.decode(input.Pure.bytes) }
      const owned = input.Object?.ImmOrOwnedObject
      if (!owned) throw new SuiLedgerError(-32602, `Invalid params: the sandbox ledger takes pure values and owned objects as inputs, not ${input.Object?.$kind ?? input.$kind}`)
      const coin = take(checkOwnedRef(owned, sender, 'input object'))
      if (gasCoins.includes(coin)) throw new SuiLedgerError(-32002, `Object ${coin.objectId} is used both as gas and as an input; use the GasCoin argument instead`)
      return { objectId: coin.objectId }
    })

    const created = new Set<string>()
    const transferred = new Set<string>()
    let createdCount = 0
    const results: string[][] = []
    const status = (() => {
      const objectOf = (argument: Argument, commandIndex: number): SuiCoin => {
        let id: string | undefined
        if (argument.$kind === 'GasCoin') id = gas.objectId
        else if (argument.$kind === 'Input') {
          const input = inputs[argument.Input as number]
          if (!input || !('objectId' in input)) throw new ExecutionFailure(`InvalidArgument in command ${commandIndex}: input ${argument.Input} is not an object`)
          id = input.objectId
        } else if (argument.$kind === 'Result') id = results[argument.Result as number]?.[0]
        else if (argument.$kind === 'NestedResult') {
          const [i, j] = argument.NestedResult as [number, number]
          id = results[i]?.[j]
        }
        const coin = id === undefined ? undefined : work.get(id)
        if (!coin || deletedIds.has(coin.objectId)) throw new ExecutionFailure(`InvalidArgument in command ${commandIndex}: no coin behind ${JSON.stringify(argument)}`)
        return coin
      }
      const pureOf = (argument: Argument, length: number, commandIndex: number): Uint8Array => {
        const input = argument.$kind === 'Input' ? inputs[argument.Input as number] : undefined
        const pure = input && 'pure' in input ? input.pure : undefined
        if (!pure || pure.length !== length) throw new ExecutionFailure(`InvalidBCSBytes in command ${commandIndex}: expected a pure value of ${length} bytes`)
        return pure
      }
      try {
        programmable.commands.forEach((command, index) => {
          if (command.SplitCoins) {
            const source = objectOf(command.SplitCoins.coin as Argument, index)
            const ids = command.SplitCoins.amounts.map((amountArgument) => {
              const amount = bcs.u64().parse(pureOf(amountArgument as Argument, 8, index))
              const value = BigInt(amount)
              if (source.balance < value) throw new ExecutionFailure(`InsufficientCoinBalance in command ${index}`)
              source.balance -= value
              createdCount += 1
              const objectId = newObjectId(`${digest}:${createdCount}`)
              work.set(objectId, { objectId, version: 0n, digest: '', owner: sender, coinType: source.coinType, balance: value, previousTransaction: digest })
              created.add(objectId)
              return objectId
            })
            results[index] = ids
          } else if (command.MergeCoins) {
            const destination = objectOf(command.MergeCoins.destination as Argument, index)
            for (const sourceArgument of command.MergeCoins.sources) {
              const source = objectOf(sourceArgument as Argument, index)
              if (source === destination) throw new ExecutionFailure(`InvalidArgument in command ${index}: a coin cannot be merged into itself`)
              if (source === gas) throw new ExecutionFailure(`InvalidGasCoinUsage in command ${index}: the gas coin cannot be merged into another coin`)
              if (source.coinType !== destination.coinType) throw new ExecutionFailure(`TypeMismatch in command ${index}: cannot merge ${source.coinType} into ${destination.coinType}`)
              destination.balance += source.balance
              source.balance = 0n
              deletedIds.add(source.objectId)
            }
            results[index] = []
          } else if (command.TransferObjects) {
            const recipient = hexOf(pureOf(command.TransferObjects.address as Argument, 32, index))
            for (const objectArgument of command.TransferObjects.objects) {
              const coin = objectOf(objectArgument as Argument, index)
              coin.owner = recipient
              transferred.add(coin.objectId)
            }
            results[index] = []
          } else {
            throw new SuiLedgerError(-32602, `Invalid params: the sandbox ledger runs SplitCoins, MergeCoins and TransferObjects, not ${command.$kind}`)
          }
        })
        const dropped = [...created].find((id) => !transferred.has(id) && !deletedIds.has(id))
        if (dropped) throw new ExecutionFailure(`UnusedValueWithoutDrop: the coin ${dropped} split off in this transaction is neither transferred nor merged`)
        return { status: 'success' } as const
      } catch (error) {
        if (!(error instanceof ExecutionFailure)) throw error
        return { status: 'failure', error: error.message } as const
      }
    })()

    // On failure only gas is charged: every other change is undone.
    if (status.status === 'failure') {
      for (const id of [...work.keys()]) {
        if (created.has(id)) work.delete(id)
        else if (id !== gas.objectId) work.set(id, { ...(objects.get(id) as SuiCoin) })
      }
      const mergedGas = new Set(gasCoins.slice(1).map((c) => c.objectId))
      for (const id of [...deletedIds]) if (!mergedGas.has(id)) deletedIds.delete(id)
      gas.owner = sender
      gas.balance = gasTotal
      created.clear()
    }
    const written = [...work.values()].filter((c) => !deletedIds.has(c.objectId))
    const inputCount = BigInt(readAt.size)
    const storageCost = storagePerObject * BigInt(written.length)
    const storageRebate = rebatePerObject * inputCount
    const nonRefundableStorageFee = nonRefundablePerObject * inputCount
    const charge = computationCost + storageCost - storageRebate
    if (commit && charge > budget) {
      throw new SuiLedgerError(-32002, `Gas budget ${budget} is lower than the cost: computation ${computationCost} + storage ${storageCost} - rebate ${storageRebate} (InsufficientGas)`)
    }
    if (gas.balance < charge) throw new SuiLedgerError(-32002, `Balance of gas object ${gas.objectId} is lower than the needed amount: ${charge}`)
    gas.balance -= charge

    const lamport = [...readAt.values()].reduce((max, v) => (v > max ? v : max), 0n) + 1n
    const before = new Map<string, bigint>()
    const after = new Map<string, bigint>()
    const key = (owner: string, coinType: string) => `${owner}|${coinType}`
    for (const id of readAt.keys()) {
      const original = objects.get(id) as SuiCoin
      before.set(key(original.owner, original.coinType), (before.get(key(original.owner, original.coinType)) ?? 0n) + original.balance)
    }
    for (const coin of written) {
      coin.version = lamport
      coin.digest = objectDigest(coin)
      coin.previousTransaction = digest
      after.set(key(coin.owner, coin.coinType), (after.get(key(coin.owner, coin.coinType)) ?? 0n) + coin.balance)
    }
    const balanceChanges = [...new Set([...before.keys(), ...after.keys()])]
      .map((k) => {
        const [owner, coinType] = k.split('|') as [string, string]
        return { owner, coinType, amount: (after.get(k) ?? 0n) - (before.get(k) ?? 0n) }
      })
      .filter((change) => change.amount !== 0n)
    const ref = (coin: SuiCoin) => ({ objectId: coin.objectId, version: coin.version, digest: coin.digest, owner: coin.owner })
    const effects: SuiEffects = {
      digest,
      sender,
      status,
      gasUsed: { computationCost, storageCost, storageRebate, nonRefundableStorageFee },
      created: written.filter((c) => created.has(c.objectId)).map(ref),
      mutated: written.filter((c) => !created.has(c.objectId)).map(ref),
      deleted: [...deletedIds].map((objectId) => ({ objectId, version: lamport, digest: '7gyGAp71YXQRoxmFBaHxofQXAipvgHyBKPyxmdSJxyvz' })),
      gasObject: ref(gas),
      modifiedAtVersions: [...readAt].map(([objectId, sequenceNumber]) => ({ objectId, sequenceNumber })),
      inputs: [...readAt.keys()].map((objectId) => {
        const original = objects.get(objectId) as SuiCoin
        return { objectId, version: original.version, digest: original.digest, owner: original.owner }
      }),
      balanceChanges,
    }
    if (commit) {
      for (const coin of written) objects.set(coin.objectId, coin)
      for (const gone of effects.deleted) {
        objects.delete(gone.objectId)
        deleted.set(gone.objectId, gone)
      }
    }
    return effects
  }

  function coinsOf(owner: string, coinType?: string): SuiCoin[] {
    const who = normalize(owner)
    return [...objects.values()].filter((c) => c.owner === who && (coinType === undefined || c.coinType === coinType)).sort((a, b) => (a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1))
  }

  let queue: Promise<unknown> = Promise.resolve()
  return {
    execute: (bytes, signatures) => {
      const next = queue.then(async () => {
        const data = decode(bytes)
        const sender = normalize(data.V1?.sender ?? '')
        if (signatures.length !== 1) throw new SuiLedgerError(-32002, `Invalid user signature: expected exactly one signature (the sender's), got ${signatures.length}`)
        const signer = await recoverSuiSigner({ intentScope: 0, bytes, signature: signatures[0] as string })
        if (signer === undefined) throw new SuiLedgerError(-32002, 'Invalid user signature: Signature is not valid: Cannot verify signature for the transaction data')
        if (signer !== sender) throw new SuiLedgerError(-32002, `Invalid user signature: Required Signature from ${sender} is absent ["${signer}"]`)
        const timestampMs = Date.now()
        const effects = run(bytes, { commit: true })
        const record: SuiLedgerTransaction = { digest: effects.digest, bytes, signatures: [...signatures], effects, timestampMs, checkpoint: BigInt(order.length + 1) }
        transactions.set(record.digest, record)
        order.push(record)
        return record
      })
      queue = next.catch(() => undefined)
      return next
    },
    dryRun: (bytes) => run(bytes, { commit: false }),
    mint,
    object: (objectId) => objects.get(normalize(objectId)),
    deletedObject: (objectId) => deleted.get(normalize(objectId)),
    coins: coinsOf,
    transaction: (digest) => transactions.get(digest),
    history: (address) => {
      const who = normalize(address)
      return order.filter((t) => t.effects.sender === who || t.effects.balanceChanges.some((c) => c.owner === who)).reverse()
    },
    checkpoint: () => BigInt(order.length),
  }
}
