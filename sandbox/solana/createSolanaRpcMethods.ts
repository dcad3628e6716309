import {
  type Address,
  type CompiledTransactionMessage,
  type Transaction,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isAddress,
} from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'

import { type LandedTransaction, type SolanaLedger, type TokenBalance, lamportsPerSignature } from './createSolanaLedger.js'
import { SolanaRpcError } from './SolanaRpcError.js'

/** One JSON-RPC method: positional params in, a JSON-able result (bigints allowed) out. */
export type SolanaRpcMethod = (params: unknown[]) => unknown
export type SolanaRpcMethods = Readonly<Record<string, SolanaRpcMethod>>

const tokenProgram = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const token2022Program = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const tokenAccountSize = 165
const mintSize = 82
/** Rent epoch of rent-exempt accounts, as validators report it (u64::MAX). */
const rentEpoch = 18_446_744_073_709_551_615n
/** Limits of a real Solana transaction: raw bytes, and its base58 / base64 text. */
const maxTransactionBytes = 1232
const maxBase58Chars = 1683
const maxBase64Chars = 1644
const maxAirdropLamports = 1_000_000n * 1_000_000_000n
const solanaCoreVersion = '2.3.0'

const base58Text = getBase58Decoder()
const base58Bytes = getBase58Encoder()
const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()

function invalidParams(message: string): SolanaRpcError {
  return new SolanaRpcError(-32602, `Invalid params: ${message}`)
}

function expectAddress(value: unknown, what: string): Address {
  if (typeof value !== 'string' || !isAddress(value)) {
    throw invalidParams(`${what} must be a base-58 Solana address`)
  }
  return value
}

function expectConfig(value: unknown, what = 'config'): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`${what} must be an object`)
  return value as Record<string, unknown>
}

function expectBoolean(value: unknown, what: string, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') throw invalidParams(`${what} must be a boolean`)
  return value
}

function expectSignature(value: unknown, what: string): string {
  if (typeof value !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) {
    throw invalidParams(`${what} must be a base-58 transaction signature`)
  }
  return value
}

function expectInteger(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw invalidParams(`${what} must be an integer from ${min} to ${max}`)
  }
  return value
}

function expectArray(value: unknown, what: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalidParams(`${what} must be an array`)
  if (value.length > max) throw invalidParams(`${what} has ${value.length} entries; the most is ${max}`)
  return value
}

function formatUiAmount(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

function tokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = formatUiAmount(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** A token balance in a transaction's meta, as a node writes it (`uiTokenAmount` as in `getTokenAccountBalance`). */
function tokenBalanceJson({ accountIndex, mint, owner, programId, amount, decimals }: TokenBalance) {
  return { accountIndex, mint, owner, programId, uiTokenAmount: tokenAmount(amount, decimals) }
}

type StoredAccount = { lamports: bigint; data: Uint8Array; owner: string; executable: boolean; space: bigint }

/**
 * The sandbox Solana JSON-RPC methods, answering in Solana's shapes (`{ context: { slot }, value }`
 * where Solana uses them). Bad params throw `SolanaRpcError` -32602 with a readable message.
 *
 * @param ledger - The LiteSVM ledger the methods read and write.
 * @returns A table of methods by name.
 * @example
 * const methods = createSolanaRpcMethods(await createSolanaLedger())
 * methods.getSlot?.([])
 */
export function createSolanaRpcMethods(ledger: SolanaLedger): SolanaRpcMethods {
  const { svm } = ledger
  const withContext = (value: unknown) => ({ context: { apiVersion: solanaCoreVersion, slot: ledger.slot() }, value })

  const readAccount = (key: Address): StoredAccount | undefined => {
    const account = svm.getAccount(key)
    if (!account.exists) return undefined
    return {
      lamports: account.lamports,
      data: new Uint8Array(account.data),
      owner: account.programAddress,
      executable: account.executable,
      space: account.space,
    }
  }

  const mintDecimals = (mint: Address): number | undefined => {
    const account = readAccount(mint)
    if (!account || account.data.length < mintSize || (account.owner !== tokenProgram && account.owner !== token2022Program)) {
      return undefined
    }
    try {
      return getMintDecoder().decode(account.data.subarray(0, mintSize)).decimals
    } catch {
      return undefined
    }
  }

  /** jsonParsed data for SPL token accounts and mints; undefined for everything else. */
  const parseTokenData = (account: StoredAccount): unknown => {
    const program = account.owner === tokenProgram ? 'spl-token' : account.owner === token2022Program ? 'spl-token-2022' : undefined
    if (!program) return undefined
    try {
      if (account.data.length === mintSize || (program === 'spl-token-2022' && account.data.length > tokenAccountSize && account.data[tokenAccountSize] === 1)) {
        const mint = getMintDecoder().decode(account.data.subarray(0, mintSize))
        return {
          program,
          space: account.data.length,
          parsed: {
            type: 'mint',
            info: {
              decimals: mint.decimals,
              freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
              isInitialized: mint.isInitialized,
              mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
              supply: mint.supply.toString(),
            },
          },
        }
      }
      if (account.data.length >= tokenAccountSize) {
        const token = getTokenDecoder().decode(account.data.subarray(0, tokenAccountSize))
        const decimals = mintDecimals(token.mint) ?? 0
        const state = ['uninitialized', 'initialized', 'frozen'][token.state] ?? 'uninitialized'
        return {
          program,
          space: account.data.length,
          parsed: {
            type: 'account',
            info: {
              isNative: token.isNative.__option === 'Some',
              mint: token.mint,
              owner: token.owner,
              state,
              tokenAmount: tokenAmount(token.amount, decimals),
              ...(token.delegate.__option === 'Some'
                ? { delegate: token.delegate.value, delegatedAmount: tokenAmount(token.delegatedAmount, decimals) }
                : {}),
              ...(token.closeAuthority.__option === 'Some' ? { closeAuthority: token.closeAuthority.value } : {}),
              ...(token.isNative.__option === 'Some' ? { rentExemptReserve: tokenAmount(token.isNative.value, 9) } : {}),
            },
          },
        }
      }
    } catch {
      return undefined
    }
    return undefined
  }

  const encodeAccount = (account: StoredAccount, config: Record<string, unknown>) => {
    const encoding = config.encoding ?? 'binary'
    let data: unknown
    if (encoding === 'jsonParsed') data = parseTokenData(account)
    if (data === undefined) {
      let bytes = account.data
      const slice = config.dataSlice
      if (slice !== undefined && encoding !== 'jsonParsed') {
        const { offset, length } = expectConfig(slice, 'dataSlice')
        const from = expectInteger(offset, 'dataSlice.offset', 0, 10 * 1024 * 1024)
        const count = expectInteger(length, 'dataSlice.length', 0, 10 * 1024 * 1024)
        bytes = bytes.subarray(from, from + count)
      }
      if (encoding === 'base64' || encoding === 'jsonParsed') data = [Buffer.from(bytes).toString('base64'), 'base64']
      else if (encoding === 'base58' || encoding === 'binary') {
        if (bytes.length > 128) {
          throw new SolanaRpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.')
        }
        const text = base58Text.decode(bytes)
        data = encoding === 'binary' ? text : [text, 'base58']
      } else {
        throw invalidParams(`encoding must be one of base58, base64, jsonParsed (got ${JSON.stringify(encoding)?.slice(0, 40)})`)
      }
    }
    return { data, executable: account.executable, lamports: account.lamports, owner: account.owner, rentEpoch, space: account.space }
  }

  const decodeWire = (wire: unknown, config: Record<string, unknown>): { transaction: Transaction; bytes: Uint8Array; message: CompiledTransactionMessage & { lifetimeToken: string } } => {
    const encoding = config.encoding ?? 'base58'
    if (typeof wire !== 'string') throw invalidParams('the transaction must be a string')
    let bytes: Uint8Array
    if (encoding === 'base58') {
      if (wire.length > maxBase58Chars) {
        throw invalidParams(`base58 encoded transaction too large: ${wire.length} characters (max ${maxBase58Chars})`)
      }
      if (!/^[1-9A-HJ-NP-Za-km-z]*$/.test(wire)) throw invalidParams('the transaction is not valid base58')
      bytes = new Uint8Array(base58Bytes.encode(wire))
    } else if (encoding === 'base64') {
      if (wire.length > maxBase64Chars) {
        throw invalidParams(`base64 encoded transaction too large: ${wire.length} characters (max ${maxBase64Chars})`)
      }
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(wire) || wire.length % 4 !== 0) throw invalidParams('the transaction is not valid base64')
      bytes = new Uint8Array(Buffer.from(wire, 'base64'))
    } else {
      throw invalidParams(`encoding must be base58 or base64 (got ${JSON.stringify(encoding)?.slice(0, 40)})`)
    }
    if (bytes.length === 0) throw invalidParams('the transaction is empty')
    if (bytes.length > maxTransactionBytes) {
      throw invalidParams(`transaction too large: ${bytes.length} bytes (max ${maxTransactionBytes})`)
    }
    try {
      const transaction = transactionDecoder.decode(bytes)
      const message = messageDecoder.decode(transaction.messageBytes) as CompiledTransactionMessage & { lifetimeToken: string }
      if (message.version !== 'legacy' && message.version !== 0) {
        throw new Error(`version ${String(message.version)} transactions are not supported; use legacy or v0`)
      }
      if (Object.keys(transaction.signatures).length === 0) throw new Error('it has no signatures')
      return { transaction, bytes, message }
    } catch (cause) {
      throw invalidParams(`failed to deserialize the transaction: ${(cause as Error).message}`)
    }
  }

  const statusOf = (landed: LandedTransaction) => ({
    slot: landed.slot,
    confirmations: null,
    err: landed.err,
    status: landed.err === null ? { Ok: null } : { Err: landed.err },
    confirmationStatus: 'finalized',
  })

  const getTokenAccountsByOwner: SolanaRpcMethod = ([ownerParam, filterParam, configParam]) => {
    const owner = expectAddress(ownerParam, 'the owner')
    const filter = expectConfig(filterParam, 'the filter')
    const config = expectConfig(configParam)
    let programs: string[]
    let mint: Address | undefined
    if (filter.mint !== undefined && filter.programId === undefined) {
      mint = expectAddress(filter.mint, 'filter.mint')
      const owningProgram = readAccount(mint)?.owner
      programs = owningProgram === token2022Program ? [token2022Program] : [tokenProgram]
    } else if (filter.programId !== undefined && filter.mint === undefined) {
      const programId = expectAddress(filter.programId, 'filter.programId')
      if (programId !== tokenProgram && programId !== token2022Program) {
        throw invalidParams('filter.programId must be the SPL Token or Token-2022 program')
      }
      programs = [programId]
    } else {
      throw invalidParams('the filter must be { mint } or { programId }')
    }
    const found: { pubkey: string; account: unknown }[] = []
    for (const program of programs) {
      for (const account of svm.getProgramAccounts(program as Address)) {
        const data = new Uint8Array(account.data)
        if (data.length < tokenAccountSize || (data.length === mintSize)) continue
        if (program === token2022Program && data.length > tokenAccountSize && data[tokenAccountSize] !== 2) continue
        let token: ReturnType<ReturnType<typeof getTokenDecoder>['decode']>
        try {
          token = getTokenDecoder().decode(data.subarray(0, tokenAccountSize))
        } catch {
          continue
        }
        if (token.owner !== owner || (mint !== undefined && token.mint !== mint)) continue
        const stored = { lamports: account.lamports, data, owner: account.programAddress, executable: account.executable, space: account.space }
        found.push({ pubkey: account.address, account: encodeAccount(stored, config) })
      }
    }
    return withContext(found)
  }

  const methods: Record<string, SolanaRpcMethod> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': solanaCoreVersion, 'feature-set': 0 }),
    getGenesisHash: () => ledger.genesisHash,
    getSlot: () => ledger.slot(),
    getBlockHeight: () => ledger.blockHeight(),
    getEpochInfo: () => {
      const slot = ledger.slot()
      const slotsInEpoch = svm.getEpochSchedule().slotsPerEpoch || 432_000n
      return {
        absoluteSlot: slot,
        blockHeight: ledger.blockHeight(),
        epoch: slot / slotsInEpoch,
        slotIndex: slot % slotsInEpoch,
        slotsInEpoch,
        transactionCount: ledger.transactionCount(),
      }
    },
    getLatestBlockhash: () => withContext(ledger.latestBlockhash()),
    isBlockhashValid: ([blockhash]) => {
      if (typeof blockhash !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(blockhash)) {
        throw invalidParams('the blockhash must be a base-58 hash')
      }
      return withContext(ledger.isBlockhashValid(blockhash))
    },
    getFeeForMessage: ([messageParam]) => {
      if (typeof messageParam !== 'string' || messageParam.length > maxBase64Chars || !/^[A-Za-z0-9+/]*={0,2}$/.test(messageParam)) {
        throw invalidParams('the message must be a base64 string')
      }
      let message: CompiledTransactionMessage & { lifetimeToken: string }
      try {
        message = messageDecoder.decode(Buffer.from(messageParam, 'base64')) as typeof message
      } catch (cause) {
        throw invalidParams(`failed to deserialize the message: ${(cause as Error).message}`)
      }
      if (!ledger.isBlockhashValid(message.lifetimeToken)) return withContext(null)
      return withContext(lamportsPerSignature * BigInt(message.header.numSignerAccounts))
    },
    getMinimumBalanceForRentExemption: ([size]) =>
      svm.minimumBalanceForRentExemption(BigInt(expectInteger(size ?? 0, 'the data length', 0, 10 * 1024 * 1024))),
    getBalance: ([key]) => withContext(svm.getBalance(expectAddress(key, 'the address')) ?? 0n),
    getAccountInfo: ([key, configParam]) => {
      const account = readAccount(expectAddress(key, 'the address'))
      const config = expectConfig(configParam)
      return withContext(account ? encodeAccount(account, config) : null)
    },
    getMultipleAccounts: ([keys, configParam]) => {
      const addresses = expectArray(keys, 'the address list', 100).map((key, i) => expectAddress(key, `address ${i}`))
      const config = expectConfig(configParam)
      return withContext(addresses.map((key) => {
        const account = readAccount(key)
        return account ? encodeAccount(account, config) : null
      }))
    },
    getTokenAccountsByOwner,
    getTokenAccountBalance: ([key]) => {
      const account = readAccount(expectAddress(key, 'the token account'))
      const parsed = account ? (parseTokenData(account) as { parsed?: { type?: string; info?: { tokenAmount?: unknown } } } | undefined) : undefined
      if (parsed?.parsed?.type !== 'account') throw invalidParams('not a token account')
      return withContext(parsed.parsed.info?.tokenAmount)
    },
    requestAirdrop: async ([key, amount]) => {
      const to = expectAddress(key, 'the address')
      const lamports = BigInt(expectInteger(amount, 'the lamports', 1, Number.MAX_SAFE_INTEGER))
      if (lamports > maxAirdropLamports) throw invalidParams(`an airdrop is at most ${maxAirdropLamports} lamports (1,000,000 SOL)`)
      const landed = await ledger.airdrop(to, lamports)
      if (landed.err !== null) throw new SolanaRpcError(-32603, `Airdrop failed: ${landed.errMessage ?? 'unknown error'}`, { err: landed.err, logs: landed.logs })
      return landed.signature
    },
    sendTransaction: ([wire, configParam]) => {
      const config = expectConfig(configParam)
      const skipPreflight = expectBoolean(config.skipPreflight, 'skipPreflight', false)
      const { transaction, bytes } = decodeWire(wire, config)
      if (!skipPreflight) {
        const simulation = ledger.simulate(transaction, { sigVerify: true, replaceRecentBlockhash: false })
        if (simulation.err === 'SignatureFailure') {
          throw new SolanaRpcError(-32003, 'Transaction signature verification failure')
        }
        if (simulation.err !== null) {
          throw new SolanaRpcError(-32002, `Transaction simulation failed: ${simulation.errMessage ?? 'unknown error'}`, {
            accounts: null,
            err: simulation.err,
            innerInstructions: null,
            logs: simulation.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: simulation.unitsConsumed,
          })
        }
      }
      return ledger.submit(transaction, bytes).signature
    },
    simulateTransaction: ([wire, configParam]) => {
      const config = expectConfig(configParam)
      const sigVerify = expectBoolean(config.sigVerify, 'sigVerify', false)
      const replaceRecentBlockhash = expectBoolean(config.replaceRecentBlockhash, 'replaceRecentBlockhash', false)
      if (sigVerify && replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      const { transaction } = decodeWire(wire, config)
      const accountsConfig = config.accounts === undefined ? undefined : expectConfig(config.accounts, 'accounts')
      const wanted = accountsConfig
        ? expectArray(accountsConfig.addresses, 'accounts.addresses', 100).map((key, i) => expectAddress(key, `accounts.addresses[${i}]`))
        : undefined
      const simulation = ledger.simulate(transaction, { sigVerify, replaceRecentBlockhash })
      const accountEncoding = { encoding: accountsConfig?.encoding ?? 'base64' }
      return withContext({
        err: simulation.err,
        logs: simulation.logs,
        accounts: wanted
          ? wanted.map((key) => {
              const account = simulation.postAccounts.get(key) ?? readAccount(key)
              return account ? encodeAccount(account, accountEncoding) : null
            })
          : null,
        unitsConsumed: simulation.unitsConsumed,
        returnData: simulation.returnData
          ? { programId: simulation.returnData.programId, data: [Buffer.from(simulation.returnData.data).toString('base64'), 'base64'] }
          : null,
        innerInstructions: null,
        replacementBlockhash: replaceRecentBlockhash ? ledger.latestBlockhash() : null,
      })
    },
    getSignatureStatuses: ([signatures]) => {
      const list = expectArray(signatures, 'the signature list', 256).map((s, i) => expectSignature(s, `signature ${i}`))
      return withContext(list.map((signature) => {
        const landed = ledger.getTransaction(signature)
        return landed ? statusOf(landed) : null
      }))
    },
    getSignaturesForAddress: ([key, configParam]) => {
      const owner = expectAddress(key, 'the address')
      const config = expectConfig(configParam)
      const limit = config.limit === undefined ? 1000 : expectInteger(config.limit, 'limit', 1, 1000)
      const before = config.before === undefined ? undefined : expectSignature(config.before, 'before')
      const until = config.until === undefined ? undefined : expectSignature(config.until, 'until')
      let list = ledger.transactionsOf(owner)
      if (before !== undefined) {
        const index = list.findIndex((landed) => landed.signature === before)
        list = index < 0 ? [] : list.slice(index + 1)
      }
      if (until !== undefined) {
        const index = list.findIndex((landed) => landed.signature === until)
        if (index >= 0) list = list.slice(0, index)
      }
      return list.slice(0, limit).map((landed) => ({
        signature: landed.signature,
        slot: landed.slot,
        err: landed.err,
        memo: null,
        blockTime: landed.blockTime,
        confirmationStatus: 'finalized',
      }))
    },
    getTransaction: ([signatureParam, configParam]) => {
      const signature = expectSignature(signatureParam, 'the signature')
      const config = typeof configParam === 'string' ? { encoding: configParam } : expectConfig(configParam)
      const encoding = config.encoding ?? 'json'
      if (!['json', 'jsonParsed', 'base64', 'base58'].includes(encoding as string)) {
        throw invalidParams('encoding must be one of json, jsonParsed, base64, base58')
      }
      const maxVersion = config.maxSupportedTransactionVersion
      if (maxVersion !== undefined && maxVersion !== 0) throw invalidParams('maxSupportedTransactionVersion must be 0')
      const landed = ledger.getTransaction(signature)
      if (!landed) return null
      const { message } = landed
      if (message.version !== 'legacy' && maxVersion === undefined) {
        throw new SolanaRpcError(
          -32015,
          `Transaction version (${String(message.version)}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0`,
        )
      }
      let transaction: unknown
      if (encoding === 'base64') transaction = [Buffer.from(landed.wire).toString('base64'), 'base64']
      else if (encoding === 'base58') transaction = [base58Text.decode(landed.wire), 'base58']
      else {
        const compiled = message as CompiledTransactionMessage & { lifetimeToken: string }
        const { header } = compiled
        const keys = compiled.staticAccounts
        const isSigner = (i: number) => i < header.numSignerAccounts
        const isWritable = (i: number) =>
          isSigner(i)
            ? i < header.numSignerAccounts - header.numReadonlySignerAccounts
            : i < keys.length - header.numReadonlyNonSignerAccounts
        const instructions = 'instructions' in compiled ? compiled.instructions : []
        transaction = {
          signatures: landed.signatures,
          message: {
            accountKeys:
              encoding === 'jsonParsed'
                ? keys.map((pubkey, i) => ({ pubkey, signer: isSigner(i), writable: isWritable(i), source: 'transaction' }))
                : keys,
            header: {
              numRequiredSignatures: header.numSignerAccounts,
              numReadonlySignedAccounts: header.numReadonlySignerAccounts,
              numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
            },
            recentBlockhash: compiled.lifetimeToken,
            instructions: instructions.map((instruction) => ({
              programIdIndex: instruction.programAddressIndex,
              accounts: instruction.accountIndices ?? [],
              data: base58Text.decode(instruction.data ?? new Uint8Array(0)),
              stackHeight: null,
            })),
            ...(message.version === 0
              ? {
                  addressTableLookups: ('addressTableLookups' in message ? message.addressTableLookups ?? [] : []).map((lookup) => ({
                    accountKey: lookup.lookupTableAddress,
                    writableIndexes: lookup.writableIndexes,
                    readonlyIndexes: lookup.readonlyIndexes,
                  })),
                }
              : {}),
          },
        }
      }
      return {
        slot: landed.slot,
        blockTime: landed.blockTime,
        version: message.version,
        transaction,
        meta: {
          err: landed.err,
          status: landed.err === null ? { Ok: null } : { Err: landed.err },
          fee: landed.fee,
          preBalances: landed.preBalances,
          postBalances: landed.postBalances,
          innerInstructions: [],
          logMessages: landed.logs,
          preTokenBalances: landed.preTokenBalances.map(tokenBalanceJson),
          postTokenBalances: landed.postTokenBalances.map(tokenBalanceJson),
          rewards: [],
          loadedAddresses: { writable: [], readonly: [] },
          computeUnitsConsumed: landed.computeUnitsConsumed,
        },
      }
    },
  }
  return Object.freeze(methods)
}
