import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { bech32 } from '@scure/base'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { sortedJson } from '../../plugins/cosmos/server/index.js'

import { CosmosLedgerError } from './CosmosLedgerError.js'
import { cosmosAddressOf } from './cosmosAddress.js'
import { cosmosGasUsed, cosmosMinFee } from './cosmosSandboxChain.js'
import { verifyCosmosSignature } from './verifyCosmosSignature.js'

export const msgSendTypeUrl = '/cosmos.bank.v1beta1.MsgSend'
export const secp256k1PubKeyTypeUrl = '/cosmos.crypto.secp256k1.PubKey'

/** One ABCI event, as CometBFT's JSON lists it. */
export type CosmosEvent = { type: string; attributes: { key: string; value: string; index: boolean }[] }

/** One bank send inside a transaction. */
export type CosmosTransfer = { from: string; to: string; amount: Coin[] }

/** A transaction the ledger included in a block (successful or failed in execution). */
export type CosmosTxRecord = {
  /** Upper-case hex SHA-256 of the raw bytes (what explorers and cosmjs show). */
  hash: string
  height: number
  raw: Uint8Array
  /** 0 for success; the SDK code of the failure otherwise (the fee is still charged). */
  code: number
  codespace: string
  log: string
  gasWanted: bigint
  gasUsed: bigint
  events: CosmosEvent[]
  time: Date
  sender: string
  transfers: CosmosTransfer[]
  fee: Coin[]
  memo: string
}

type Account = { accountNumber: bigint; sequence: bigint; pubKey?: Uint8Array }

export type CreateCosmosLedgerParameters = {
  chainId: string
  prefix: string
  /** The fee denom. */
  nativeDenom: string
  /** The clock (tests pin it). */
  now?: () => Date
}

/** A verifying bank ledger with the Cosmos SDK's ante rules; see {@link createCosmosLedger}. */
export type CosmosLedger = ReturnType<typeof createCosmosLedger>

const attr = (key: string, value: string) => ({ key, value, index: true })
const coinsText = (coins: readonly Coin[]) => coins.map((c) => `${c.amount}${c.denom}`).join(',')

/**
 * Creates the sandbox's Cosmos ledger: accounts with numbers, sequences and public keys, bank
 * balances per denom, and blocks of one transaction each. `submit` decodes a real `TxRaw`, runs the
 * SDK's ante checks (one signer, known account, fee at least the minimum gas price, gas limit
 * covering the gas used, public key matching the address, sequence, then the secp256k1 signature
 * over the `SIGN_MODE_DIRECT` SignDoc or the `SIGN_MODE_LEGACY_AMINO_JSON` sign doc, checked with
 * OpenSSL), charges the fee, bumps the sequence and applies each `MsgSend`. A send the balance does
 * not cover is included as failed (code 5), its fee charged, like on a real chain.
 *
 * @param parameters chain id, prefix and fee denom
 * @returns the ledger
 * @example
 * const ledger = createCosmosLedger({ chainId: 'portico-local-1', prefix: 'portico', nativeDenom: 'uptc' })
 */
export function createCosmosLedger({ chainId, prefix, nativeDenom, now = () => new Date() }: CreateCosmosLedgerParameters) {
  const accounts = new Map<string, Account>()
  const balances = new Map<string, Map<string, bigint>>()
  const txs: CosmosTxRecord[] = []
  const byHash = new Map<string, CosmosTxRecord>()
  /** Each block's time, from the genesis block (height 1) on: block `h` is `blockTimes[h - 1]`. */
  const blockTimes: Date[] = [now()]
  let nextAccountNumber = 0n

  const validAddress = (address: string): boolean => {
    if (typeof address !== 'string' || address.length > 90) return false
    try {
      const decoded = bech32.decode(address as `${string}1${string}`)
      const length = bech32.fromWords(decoded.words).length
      return decoded.prefix === prefix && (length === 20 || length === 32)
    } catch {
      return false
    }
  }
  const ensureAccount = (address: string): Account => {
    let account = accounts.get(address)
    if (!account) {
      account = { accountNumber: nextAccountNumber++, sequence: 0n }
      accounts.set(address, account)
    }
    return account
  }
  const balanceOf = (address: string, denom: string) => balances.get(address)?.get(denom) ?? 0n
  const add = (address: string, denom: string, delta: bigint) => {
    let map = balances.get(address)
    if (!map) balances.set(address, (map = new Map()))
    const next = (map.get(denom) ?? 0n) + delta
    if (next === 0n) map.delete(denom)
    else map.set(denom, next)
  }
  const sumCoins = (coins: readonly Coin[]): Map<string, bigint> => {
    const sum = new Map<string, bigint>()
    for (const coin of coins) {
      if (!/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(coin.denom) || !/^\d{1,40}$/.test(coin.amount) || BigInt(coin.amount) === 0n) {
        throw new CosmosLedgerError(10, `invalid coins: ${coinsText(coins)}: invalid coins`)
      }
      sum.set(coin.denom, (sum.get(coin.denom) ?? 0n) + BigInt(coin.amount))
    }
    return sum
  }
  const covers = (address: string, wanted: Map<string, bigint>) => [...wanted].every(([denom, amount]) => balanceOf(address, denom) >= amount)
  const spendable = (address: string) => coinsText([...(balances.get(address) ?? new Map<string, bigint>())].map(([denom, amount]) => ({ denom, amount: String(amount) }))) || '0' + nativeDenom

  type Decoded = { raw: TxRaw; body: TxBody; authInfo: AuthInfo; sends: MsgSend[] }
  const decode = (bytes: Uint8Array): Decoded => {
    let raw: TxRaw, body: TxBody, authInfo: AuthInfo
    try {
      raw = TxRaw.decode(bytes)
      body = TxBody.decode(raw.bodyBytes)
      authInfo = AuthInfo.decode(raw.authInfoBytes)
    } catch (cause) {
      throw new CosmosLedgerError(2, `${(cause as Error).message}: tx parse error`)
    }
    if (body.messages.length === 0) throw new CosmosLedgerError(18, 'must contain at least one message: invalid request')
    const sends = body.messages.map((message) => {
      if (message.typeUrl !== msgSendTypeUrl) throw new CosmosLedgerError(2, `unable to resolve type URL ${message.typeUrl}: tx parse error`)
      try {
        return MsgSend.decode(message.value)
      } catch (cause) {
        throw new CosmosLedgerError(2, `${(cause as Error).message}: tx parse error`)
      }
    })
    return { raw, body, authInfo, sends }
  }

  type Checked = Decoded & { sender: string; account: Account; pubKey: Uint8Array; fee: Coin[]; gasLimit: bigint; gasUsed: bigint }
  /** The ante handler; `simulate` skips the signature and fee checks as the SDK's simulation does. */
  const ante = (bytes: Uint8Array, simulate: boolean): Checked => {
    const decoded = decode(bytes)
    const { raw, body, authInfo, sends } = decoded
    const senders = [...new Set(sends.map((send) => send.fromAddress))]
    for (const send of sends) {
      if (!validAddress(send.fromAddress)) throw new CosmosLedgerError(7, `invalid from address: ${send.fromAddress}: invalid address`)
      if (!validAddress(send.toAddress)) throw new CosmosLedgerError(7, `invalid to address: ${send.toAddress}: invalid address`)
      if (send.amount.length === 0) throw new CosmosLedgerError(10, 'invalid coins: : invalid coins')
      sumCoins(send.amount)
    }
    if (senders.length !== 1 || authInfo.signerInfos.length !== 1 || raw.signatures.length !== 1) {
      throw new CosmosLedgerError(4, `wrong number of signers; expected 1, got ${raw.signatures.length}: unauthorized`)
    }
    const sender = senders[0] as string
    const signerInfo = authInfo.signerInfos[0]!
    const fee = authInfo.fee?.amount ?? []
    const gasLimit = authInfo.fee?.gasLimit ?? 0n
    if (!simulate && gasLimit <= 0n) throw new CosmosLedgerError(11, 'gas limit must be positive: out of gas')
    const account = accounts.get(sender)
    if (!account) throw new CosmosLedgerError(9, `account ${sender} not found: unknown address`)
    const feeSum = sumCoins(fee)
    if (!simulate) {
      const minimum = cosmosMinFee(gasLimit)
      const paid = feeSum.get(nativeDenom) ?? 0n
      if (paid < minimum) throw new CosmosLedgerError(13, `insufficient fees; got: ${coinsText(fee) || '0' + nativeDenom} required: ${minimum}${nativeDenom}: insufficient fee`)
      if (!covers(sender, feeSum)) throw new CosmosLedgerError(5, `spendable balance ${spendable(sender)} is smaller than ${coinsText(fee)}: insufficient funds`)
    }
    let pubKey = account.pubKey
    if (signerInfo.publicKey) {
      if (signerInfo.publicKey.typeUrl !== secp256k1PubKeyTypeUrl) throw new CosmosLedgerError(8, `unsupported public key type ${signerInfo.publicKey.typeUrl}: invalid pubkey`)
      let key: Uint8Array
      try {
        key = PubKey.decode(signerInfo.publicKey.value).key
      } catch {
        throw new CosmosLedgerError(8, 'malformed secp256k1 public key: invalid pubkey')
      }
      if (key.length !== 33 || cosmosAddressOf(key, prefix) !== sender) throw new CosmosLedgerError(8, `pubKey does not match signer address ${sender} with signer index: 0: invalid pubkey`)
      pubKey = key
    }
    if (!pubKey) throw new CosmosLedgerError(8, `pubkey on account is not set: invalid pubkey`)
    if (signerInfo.sequence !== account.sequence) {
      throw new CosmosLedgerError(32, `account sequence mismatch, expected ${account.sequence}, got ${signerInfo.sequence}: incorrect account sequence`)
    }
    const gasUsed = cosmosGasUsed(bytes.length, sends.length)
    if (!simulate) {
      const single = signerInfo.modeInfo?.single
      const mode = single?.mode
      let signBytes: Uint8Array
      if (mode === SignMode.SIGN_MODE_DIRECT) {
        signBytes = SignDoc.encode({ bodyBytes: raw.bodyBytes, authInfoBytes: raw.authInfoBytes, chainId, accountNumber: account.accountNumber }).finish()
      } else if (mode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON) {
        signBytes = aminoSignBytes({ chainId, accountNumber: account.accountNumber, sequence: account.sequence, fee, gasLimit, memo: body.memo, sends, timeoutHeight: body.timeoutHeight })
      } else {
        throw new CosmosLedgerError(18, `unsupported sign mode ${String(mode)}: invalid request`)
      }
      if (!verifyCosmosSignature(signBytes, raw.signatures[0]!, pubKey)) {
        throw new CosmosLedgerError(4, `signature verification failed; please verify account number (${account.accountNumber}) and chain-id (${chainId}): unauthorized`)
      }
      if (gasUsed > gasLimit) throw new CosmosLedgerError(11, `out of gas in location: txSize; gasWanted: ${gasLimit}, gasUsed: ${gasUsed}: out of gas`)
    }
    return { ...decoded, sender, account, pubKey, fee, gasLimit, gasUsed }
  }

  const sendEvents = (sends: readonly MsgSend[]): CosmosEvent[] =>
    sends.flatMap((send) => [
      { type: 'message', attributes: [attr('action', msgSendTypeUrl), attr('sender', send.fromAddress), attr('module', 'bank')] },
      { type: 'coin_spent', attributes: [attr('spender', send.fromAddress), attr('amount', coinsText(send.amount))] },
      { type: 'coin_received', attributes: [attr('receiver', send.toAddress), attr('amount', coinsText(send.amount))] },
      { type: 'transfer', attributes: [attr('recipient', send.toAddress), attr('sender', send.fromAddress), attr('amount', coinsText(send.amount))] },
    ])

  return {
    chainId,
    prefix,
    nativeDenom,
    /** Whether `address` is a bech32 address of this chain (20- or 32-byte data). */
    isAddress: validAddress,
    /** The account, or undefined when the chain has never seen the address. */
    account: (address: string): Readonly<Account> & { address: string } | undefined => {
      const account = accounts.get(address)
      return account && { address, ...account }
    },
    /** Non-zero balances of `address`, sorted by denom (as the bank module lists them). */
    balances: (address: string): Coin[] =>
      [...(balances.get(address) ?? new Map<string, bigint>())].sort(([a], [b]) => (a < b ? -1 : 1)).map(([denom, amount]) => ({ denom, amount: String(amount) })),
    balance: (address: string, denom: string): bigint => balanceOf(address, denom),
    /** Genesis allocation: credits `amount` of `denom` without a transaction (used once, at start). */
    genesis(address: string, denom: string, amount: bigint): void {
      if (!validAddress(address)) throw new CosmosLedgerError(7, `invalid address ${address}: invalid address`)
      ensureAccount(address)
      add(address, denom, amount)
    },
    /**
     * Runs a transaction as the SDK's simulation does (no signature or fee check).
     * @throws CosmosLedgerError as `submit` would
     */
    simulate(bytes: Uint8Array): { gasUsed: bigint; gasWanted: bigint; events: CosmosEvent[] } {
      const checked = ante(bytes, true)
      return { gasUsed: checked.gasUsed, gasWanted: checked.gasLimit, events: sendEvents(checked.sends) }
    },
    /**
     * Checks, charges and includes a transaction in a new block.
     * @returns the included transaction (its `code` is non-zero when a send failed in execution)
     * @throws CosmosLedgerError when the ante checks refuse it (it is then not included)
     */
    submit(bytes: Uint8Array): CosmosTxRecord {
      const hash = bytesToHex(sha256(bytes)).toUpperCase()
      if (byHash.has(hash)) throw new CosmosLedgerError(19, 'tx already exists in cache: tx already in mempool')
      const { sender, account, pubKey, fee, gasLimit, gasUsed, sends, body } = ante(bytes, false)
      for (const [denom, amount] of sumCoins(fee)) add(sender, denom, -amount)
      account.pubKey = pubKey
      account.sequence += 1n
      const events: CosmosEvent[] = [
        { type: 'tx', attributes: [attr('fee', coinsText(fee)), attr('fee_payer', sender)] },
        { type: 'tx', attributes: [attr('acc_seq', `${sender}/${account.sequence - 1n}`)] },
      ]
      let code = 0
      let log = ''
      const totals = new Map<string, bigint>()
      for (const send of sends) for (const coin of send.amount) totals.set(coin.denom, (totals.get(coin.denom) ?? 0n) + BigInt(coin.amount))
      if (!covers(sender, totals)) {
        code = 5
        log = `failed to execute message; message index: 0: spendable balance ${spendable(sender)} is smaller than ${coinsText(sends[0]!.amount)}: insufficient funds`
      } else {
        for (const send of sends) {
          ensureAccount(send.toAddress)
          for (const coin of send.amount) {
            add(send.fromAddress, coin.denom, -BigInt(coin.amount))
            add(send.toAddress, coin.denom, BigInt(coin.amount))
          }
        }
        events.push(...sendEvents(sends))
      }
      const time = now()
      blockTimes.push(time)
      const record: CosmosTxRecord = {
        hash,
        height: blockTimes.length,
        raw: bytes,
        code,
        codespace: code === 0 ? '' : 'sdk',
        log,
        gasWanted: gasLimit,
        gasUsed,
        events,
        time,
        sender,
        transfers: sends.map((send) => ({ from: send.fromAddress, to: send.toAddress, amount: send.amount })),
        fee,
        memo: body.memo,
      }
      txs.push(record)
      byHash.set(hash, record)
      return record
    },
    transaction: (hash: string): CosmosTxRecord | undefined => byHash.get(hash.toUpperCase()),
    /** Included transactions matching every `key = value` condition (`tx.hash`, `tx.height`, `message.sender`, `transfer.recipient`, any event attribute), oldest first. */
    search(conditions: readonly { key: string; value: string }[]): CosmosTxRecord[] {
      return txs.filter((tx) =>
        conditions.every(({ key, value }) => {
          if (key === 'tx.hash') return tx.hash === value.toUpperCase()
          if (key === 'tx.height') return String(tx.height) === value
          const dot = key.indexOf('.')
          const type = key.slice(0, dot)
          const name = key.slice(dot + 1)
          return tx.events.some((event) => event.type === type && event.attributes.some((a) => a.key === name && a.value === value))
        }),
      )
    },
    // CometBFT's first block is height 1 (the genesis block, `initial_height`): a node never answers at height 0,
    // and CosmJS refuses a query answered at height 0 ("No query height returned").
    height: (): number => blockTimes.length,
    blockTime: (height: number): Date | undefined => blockTimes[height - 1],
    /** A deterministic block hash (upper-case hex) for `height`. */
    blockHash: (height: number): string => bytesToHex(sha256(new TextEncoder().encode(`${chainId}/${height}/${txs.find((tx) => tx.height === height)?.hash ?? ''}`))).toUpperCase(),
  }
}

/**
 * The legacy amino JSON sign bytes of a bank-send transaction (`StdSignDoc`, keys sorted, no spaces,
 * `&`, `<`, `>` escaped as the Cosmos SDK's `StdSignBytes` writes them: `portico/cosmos/server`'s `sortedJson`).
 *
 * @param parameters the fields the sign doc holds
 * @returns its UTF-8 bytes
 * @example
 * aminoSignBytes({ chainId, accountNumber: 0n, sequence: 0n, fee, gasLimit: 200000n, memo: '', sends, timeoutHeight: 0n })
 */
export function aminoSignBytes({
  chainId,
  accountNumber,
  sequence,
  fee,
  gasLimit,
  memo,
  sends,
  timeoutHeight,
}: {
  chainId: string
  accountNumber: bigint
  sequence: bigint
  fee: readonly Coin[]
  gasLimit: bigint
  memo: string
  sends: readonly MsgSend[]
  timeoutHeight: bigint
}): Uint8Array {
  const doc = {
    account_number: String(accountNumber),
    chain_id: chainId,
    fee: { amount: fee.map(({ denom, amount }) => ({ amount, denom })), gas: String(gasLimit) },
    memo,
    msgs: sends.map((send) => ({ type: 'cosmos-sdk/MsgSend', value: { amount: send.amount.map(({ denom, amount }) => ({ amount, denom })), from_address: send.fromAddress, to_address: send.toAddress } })),
    sequence: String(sequence),
    ...(timeoutHeight > 0n ? { timeout_height: String(timeoutHeight) } : {}),
  }
  return new TextEncoder().encode(sortedJson(doc))
}
