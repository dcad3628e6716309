import { createHash } from 'node:crypto'

import {
  type Address,
  type Blockhash,
  type CompiledTransactionMessage,
  type Transaction,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { Clock, LiteSVM } from 'litesvm'

import { SolanaRpcError } from './SolanaRpcError.js'
import { solanaSandboxGenesisHash } from './solanaSandboxChain.js'
import { type SolanaTransactionError, toSolanaTransactionError } from './toSolanaTransactionError.js'

/** A transaction that landed (succeeded, or failed after paying its fee). */
export type LandedTransaction = {
  signature: string
  slot: bigint
  /** Unix seconds. */
  blockTime: number
  /** The wire bytes as sent. */
  wire: Uint8Array
  message: CompiledTransactionMessage
  /** Every signature, base58, in signer order. */
  signatures: string[]
  err: SolanaTransactionError | null
  /** Readable form of `err`. */
  errMessage: string | null
  fee: bigint
  logs: string[]
  computeUnitsConsumed: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  /** SPL token accounts among the transaction's accounts, before and after it (Solana's `preTokenBalances`). */
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
}

/** One SPL token account's balance at one moment, as a node reports it in transaction meta. */
export type TokenBalance = {
  /** Index into the transaction's account keys. */
  accountIndex: number
  mint: string
  owner: string
  programId: string
  amount: bigint
  decimals: number
}

export type SimulationResult = {
  err: SolanaTransactionError | null
  errMessage: string | null
  logs: string[]
  unitsConsumed: bigint
  returnData: { programId: string; data: Uint8Array } | null
  /** Accounts as they would be after the transaction, by address. */
  postAccounts: Map<string, { lamports: bigint; data: Uint8Array; owner: string; executable: boolean; space: bigint }>
}

/** LiteSVM plus what an RPC node has and LiteSVM lacks: slots, history and notifications. */
export type SolanaLedger = {
  svm: LiteSVM
  genesisHash: string
  slot(): bigint
  blockHeight(): bigint
  /** Transactions that landed since start. */
  transactionCount(): bigint
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint }
  isBlockhashValid(blockhash: string): boolean
  /** Executes and, unless it cannot land, records the transaction. */
  submit(transaction: Transaction, wire: Uint8Array): LandedTransaction
  simulate(transaction: Transaction, options: { sigVerify: boolean; replaceRecentBlockhash: boolean }): SimulationResult
  /** Sends `amount` lamports from the sandbox faucet; resolves once it landed. */
  airdrop(to: Address, amount: bigint): Promise<LandedTransaction>
  getTransaction(signature: string): LandedTransaction | undefined
  /** Landed transactions that name `address` among their accounts, newest first. */
  transactionsOf(address: string): LandedTransaction[]
  /** Calls `listener` when `signature` lands (at once if it already has). Returns an unsubscribe. */
  onSignature(signature: string, listener: (landed: LandedTransaction) => void): () => void
  onSlot(listener: (slot: bigint) => void): () => void
  /** Calls `listener` after each transaction lands. Returns an unsubscribe. */
  onLanded(listener: (landed: LandedTransaction) => void): () => void
  /** Drops every listener. */
  close(): void
}

export type CreateSolanaLedgerParameters = { svm?: LiteSVM }

/** Signature fee per signature, as LiteSVM charges it. */
export const lamportsPerSignature = 5_000n
/** Blocks a blockhash stays valid on a real cluster; reported as `lastValidBlockHeight` - height. */
const blockhashValidity = 150n
const historyLimit = 10_000
const systemProgram = address('11111111111111111111111111111111')
const computeBudgetProgram = address('ComputeBudget111111111111111111111111111111')
const tokenPrograms = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'])
const tokenAccountSize = 165
const mintSize = 82
/** The faucet's key is derived from a fixed seed: sha256("portico sandbox solana faucet"). */
const faucetSeed = createHash('sha256').update('portico sandbox solana faucet').digest()
const faucetLamports = 1_000_000_000n * 1_000_000_000n

const base58 = getBase58Decoder()
const messageDecoder = getCompiledTransactionMessageDecoder()

/**
 * Wraps a LiteSVM in the state a JSON-RPC node needs: the slot advances by one per landed
 * transaction (instant finality) and each slot has a new blockhash, valid for 150 slots as on a
 * real cluster; landed transactions are kept (the last 10,000) with their
 * balances and logs, and listeners hear about signatures and slots. Airdrops come from a faucet
 * account so that they are ordinary, recorded transactions.
 *
 * @param parameters - An existing `svm`, or a new `LiteSVM()` is made.
 * @returns The ledger.
 * @example
 * const ledger = await createSolanaLedger()
 * await ledger.airdrop(address('…'), 1_000_000_000n)
 */
export async function createSolanaLedger(parameters: CreateSolanaLedgerParameters = {}): Promise<SolanaLedger> {
  const svm = parameters.svm ?? new LiteSVM()
  const faucet = await createKeyPairSignerFromPrivateKeyBytes(faucetSeed)
  svm.setAccount({
    address: faucet.address,
    lamports: lamports(faucetLamports),
    data: new Uint8Array(0),
    programAddress: systemProgram,
    executable: false,
    space: 0n,
  })

  const slotsPerEpoch = svm.getEpochSchedule().slotsPerEpoch || 432_000n
  const startedAt = BigInt(Math.floor(Date.now() / 1000))
  let slot = 1n
  let landedCount = 0n
  let airdropCounter = 0
  const setSlot = (next: bigint) => {
    slot = next
    const epoch = slot / slotsPerEpoch
    svm.setClock(new Clock(slot, startedAt, epoch, epoch, BigInt(Math.floor(Date.now() / 1000))))
  }
  setSlot(1n)

  // Like a real cluster, every slot gets a new blockhash and a blockhash stays valid for 150
  // slots. LiteSVM itself only accepts its latest blockhash, so older ones still valid here are
  // checked by the ledger, which then lets LiteSVM skip its own check.
  const recentBlockhashes = new Map<string, bigint>([[svm.latestBlockhash(), slot]])
  const isBlockhashValid = (blockhash: string) => {
    const since = recentBlockhashes.get(blockhash)
    return since !== undefined && since + blockhashValidity >= slot
  }
  const withLifetimeCheck = <T>(transaction: Transaction, run: () => T): T => {
    const token = messageDecoder.decode(transaction.messageBytes) as { lifetimeToken?: string }
    const olderButValid = token.lifetimeToken !== svm.latestBlockhash() && isBlockhashValid(token.lifetimeToken ?? '')
    if (!olderButValid) return run()
    svm.withBlockhashCheck(false)
    try {
      return run()
    } finally {
      svm.withBlockhashCheck(true)
    }
  }

  const history = new Map<string, LandedTransaction>()
  const signatureListeners = new Map<string, Set<(landed: LandedTransaction) => void>>()
  const slotListeners = new Set<(slot: bigint) => void>()
  const landedListeners = new Set<(landed: LandedTransaction) => void>()

  const balanceOf = (key: Address) => svm.getBalance(key) ?? 0n
  /** The SPL token accounts among `keys`, decoded, as a node lists them in `pre/postTokenBalances`. */
  const tokenBalancesOf = (keys: readonly Address[]): TokenBalance[] => {
    const found: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = svm.getAccount(key)
      if (!account.exists || !tokenPrograms.has(account.programAddress)) return
      const data = new Uint8Array(account.data)
      if (data.length < tokenAccountSize) return
      // A Token-2022 account longer than 165 bytes says what it is in byte 165 (1 mint, 2 account).
      if (data.length > tokenAccountSize && data[tokenAccountSize] !== 2) return
      try {
        const token = getTokenDecoder().decode(data.subarray(0, tokenAccountSize))
        const mint = svm.getAccount(token.mint)
        const decimals = mint.exists && mint.data.length >= mintSize ? getMintDecoder().decode(new Uint8Array(mint.data).subarray(0, mintSize)).decimals : 0
        found.push({ accountIndex, mint: token.mint, owner: token.owner, programId: account.programAddress, amount: token.amount, decimals })
      } catch {
        // not a token account after all: a node leaves it out too
      }
    })
    return found
  }

  const submit = (transaction: Transaction, wire: Uint8Array): LandedTransaction => {
    const message = messageDecoder.decode(transaction.messageBytes)
    const signatures = Object.values(transaction.signatures).map((s) => (s ? base58.decode(s) : base58.decode(new Uint8Array(64))))
    const signature = signatures[0]
    if (!signature) throw new SolanaRpcError(-32602, 'invalid transaction: it has no signature')
    const keys = message.staticAccounts
    const preBalances = keys.map(balanceOf)
    const preTokenBalances = tokenBalancesOf(keys)
    const result = withLifetimeCheck(transaction, () => svm.sendTransaction(transaction))
    const postBalances = keys.map(balanceOf)
    const postTokenBalances = tokenBalancesOf(keys)
    const failed = 'err' in result ? toSolanaTransactionError(result.err()) : undefined
    const meta = 'err' in result ? result.meta() : result
    // A transaction lands when it succeeds or when its fee payer paid for the failure. Otherwise
    // (bad signature, unknown blockhash, no funds for the fee, already processed) it is dropped.
    const feePaid = (preBalances[0] ?? 0n) - (postBalances[0] ?? 0n)
    if (failed && feePaid <= 0n) {
      const code = failed.err === 'SignatureFailure' ? -32003 : -32002
      throw new SolanaRpcError(code, `Transaction was not processed: ${failed.message}`, {
        err: failed.err,
        logs: meta.logs(),
        accounts: null,
        unitsConsumed: Number(meta.computeUnitsConsumed()),
      })
    }
    setSlot(slot + 1n)
    svm.expireBlockhash()
    recentBlockhashes.set(svm.latestBlockhash(), slot)
    for (const [blockhash, since] of recentBlockhashes) {
      if (since + blockhashValidity >= slot) break
      recentBlockhashes.delete(blockhash)
    }
    landedCount += 1n
    const landed: LandedTransaction = {
      signature,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      wire,
      message,
      signatures,
      err: failed?.err ?? null,
      errMessage: failed?.message ?? null,
      fee: lamportsPerSignature * BigInt(message.header.numSignerAccounts),
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances,
    }
    history.set(signature, landed)
    if (history.size > historyLimit) {
      const oldest = history.keys().next().value
      if (oldest !== undefined) history.delete(oldest)
    }
    const listeners = signatureListeners.get(signature)
    signatureListeners.delete(signature)
    // The transaction has landed whatever a listener does: a throwing listener is only skipped.
    const notify = <T>(set: Iterable<(value: T) => void>, value: T) => {
      for (const listener of [...set]) {
        try {
          listener(value)
        } catch {
          // ignored on purpose, see above
        }
      }
    }
    notify(listeners ?? [], landed)
    notify(slotListeners, slot)
    notify(landedListeners, landed)
    return landed
  }

  const simulate = (
    transaction: Transaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): SimulationResult => {
    svm.withSigverify(options.sigVerify)
    let result: ReturnType<LiteSVM['simulateTransaction']>
    try {
      if (options.replaceRecentBlockhash) {
        svm.withBlockhashCheck(false)
        result = svm.simulateTransaction(transaction)
      } else {
        result = withLifetimeCheck(transaction, () => svm.simulateTransaction(transaction))
      }
    } finally {
      svm.withSigverify(true)
      svm.withBlockhashCheck(true)
    }
    const failed = 'err' in result ? toSolanaTransactionError(result.err()) : undefined
    const meta = result.meta()
    const returned = meta.returnData()
    const returnData =
      returned.data().length > 0 ? { programId: base58.decode(returned.programId()), data: returned.data() } : null
    const postAccounts: SimulationResult['postAccounts'] = new Map()
    if (!('err' in result)) {
      for (const account of result.postAccounts()) {
        postAccounts.set(account.address, {
          lamports: account.lamports,
          data: new Uint8Array(account.data),
          owner: account.programAddress,
          executable: account.executable,
          space: account.space,
        })
      }
    }
    return {
      err: failed?.err ?? null,
      errMessage: failed?.message ?? null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData,
      postAccounts,
    }
  }

  const airdrop = async (to: Address, amount: bigint): Promise<LandedTransaction> => {
    // A compute-unit limit that differs per airdrop keeps two equal airdrops from being one
    // transaction (which would be rejected as already processed).
    airdropCounter = (airdropCounter + 1) % 1_000_000
    const units = 1_400_000 - airdropCounter
    const limitData = new Uint8Array(5)
    limitData[0] = 2
    new DataView(limitData.buffer).setUint32(1, units, true)
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(faucet, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: svm.latestBlockhash() as Blockhash, lastValidBlockHeight: slot + blockhashValidity },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            { programAddress: computeBudgetProgram, data: limitData },
            getTransferSolInstruction({ source: faucet, destination: to, amount }),
          ],
          m,
        ),
    )
    const transaction = await signTransactionMessageWithSigners(message)
    return submit(transaction, new Uint8Array(getTransactionEncoder().encode(transaction)))
  }

  return {
    svm,
    genesisHash: solanaSandboxGenesisHash,
    slot: () => slot,
    blockHeight: () => slot,
    transactionCount: () => landedCount,
    latestBlockhash: () => {
      const blockhash = svm.latestBlockhash()
      return { blockhash, lastValidBlockHeight: (recentBlockhashes.get(blockhash) ?? slot) + blockhashValidity }
    },
    isBlockhashValid,
    submit,
    simulate,
    airdrop,
    getTransaction: (signature) => history.get(signature),
    transactionsOf: (key) => [...history.values()].filter((landed) => landed.message.staticAccounts.includes(key as Address)).reverse(),
    onSignature(signature, listener) {
      const landed = history.get(signature)
      if (landed) {
        listener(landed)
        return () => {}
      }
      let set = signatureListeners.get(signature)
      if (!set) signatureListeners.set(signature, (set = new Set()))
      set.add(listener)
      return () => {
        const current = signatureListeners.get(signature)
        current?.delete(listener)
        if (current?.size === 0) signatureListeners.delete(signature)
      }
    },
    onSlot(listener) {
      slotListeners.add(listener)
      return () => slotListeners.delete(listener)
    },
    onLanded(listener) {
      landedListeners.add(listener)
      return () => landedListeners.delete(listener)
    },
    close() {
      signatureListeners.clear()
      slotListeners.clear()
      landedListeners.clear()
    },
  }
}
