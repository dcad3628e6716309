import { sha512_256 } from '@noble/hashes/sha2.js'
import { deserializeTransaction, wireToPostCondition } from '@stacks/transactions'

import { decodeStacksAddress, encodeStacksAddress } from '../../plugins/stacks/server/index.js'
import { StacksLedgerError } from './StacksLedgerError.js'
import { stacksTxid, verifyStacksTransactionSignature } from './verifyStacksTransactionSignature.js'

/** A SIP-010 token the ledger runs natively (no Clarity VM): its `transfer` is executed by the ledger. */
export type StacksLedgerToken = { contractAddress: string; contractName: string; assetName: string; name?: string; symbol?: string; decimals?: number }

/** One transaction the ledger has accepted, as the blockchain API describes it. */
export type StacksTxRecord = {
  txid: string
  raw: Uint8Array
  sender: string
  nonce: bigint
  fee: bigint
  type: 'token_transfer' | 'contract_call' | 'smart_contract'
  /** token_transfer: the STX receiver; contract_call: the token receiver; smart_contract: the deployer. */
  recipient: string
  amount: bigint
  /** The memo as text (UTF-8, trailing zero bytes dropped): the STX transfer's memo, or a SIP-010 transfer's `(some <buff>)`; '' for none. */
  memo: string
  /** contract_call: the contract id and function. */
  contractCall?: { contractId: string; functionName: string; args: { repr: string; type: string; name: string }[] }
  /** smart_contract: the contract it deploys (`<deployer>.<name>`), its Clarity source and version. */
  smartContract?: { contractId: string; sourceCode: string; clarityVersion: number }
  status: 'pending' | 'success' | 'abort_by_response' | 'abort_by_post_condition'
  /** The Clarity result's repr, e.g. `(ok true)` or `(err u1)`. */
  result?: string
  blockHeight?: number
  blockHash?: string
  blockTime?: number
  receivedAt: number
}

export type StacksBlock = { height: number; hash: string; time: number; txids: string[] }

/** A contract deployed on the ledger: its source is kept and served; the ledger runs no Clarity VM, so it cannot be called. */
export type StacksDeployedContract = { contractId: string; source: string; clarityVersion: number; publishHeight: number; txid: string }

type Account = { ustx: bigint; nonce: bigint; sent: bigint; received: bigint; feesSent: bigint; tokens: Map<string, { balance: bigint; sent: bigint; received: bigint }> }

export type CreateStacksLedgerParameters = {
  chainId: number
  /** The transaction version byte accepted (0x80 testnet, 0x00 mainnet). */
  transactionVersion: number
  /** Lowest fee per byte accepted (µSTX). */
  feeRate: bigint
  token?: StacksLedgerToken
  now?: () => number
}

export type StacksLedger = ReturnType<typeof createStacksLedger>

const reject = (reason: string, message: string, reasonData?: Record<string, unknown>, txid?: string): never => {
  throw new StacksLedgerError({ reason, message, ...(reasonData ? { reasonData } : {}), ...(txid ? { txid } : {}) })
}
const text = (value: unknown) => String(value)
/** A contract name as Clarity takes it (SIP-005: a letter, then letters, digits, `-` or `_`; at most 40 since Stacks 2.1). */
const contractNamePattern = /^[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$/
/** The Clarity versions a versioned smart-contract payload may name. */
const clarityVersions = new Set([1, 2, 3, 4])

/**
 * A Stacks ledger of our own (no Stacks node runs offline, and Clarinet's simnet does not check
 * signatures): accounts with µSTX balances and nonces, one SIP-010 token run natively, contract
 * deploys (kept and served, not run: there is no Clarity VM), a mempool and blocks. `submit` takes a serialized transaction as a node's `POST /v2/transactions` does: it is
 * deserialized with `@stacks/transactions`, its chain id and version checked, its origin signature
 * checked on the raw bytes with `@noble/curves` (`verifyStacksTransactionSignature`), then its nonce
 * (the account's next, counting its pending transactions: a replay is `BadNonce`), its fee (at least
 * `feeRate` per byte) and the sender's funds. `mine` puts the pending transactions in a block: fees
 * are charged, nonces advance and transfers run (a transfer that cannot run aborts with its Clarity
 * error, fee paid, as on Stacks; a SIP-010 transfer in deny mode whose post conditions do not allow
 * the amount aborts with `abort_by_post_condition`).
 *
 * @param parameters chain id, version byte, fee rate, token
 * @returns the ledger
 * @example
 * const ledger = createStacksLedger({ chainId: 0x80000001, transactionVersion: 0x80, feeRate: 1n })
 */
export function createStacksLedger({ chainId, transactionVersion, feeRate, token, now = () => Date.now() }: CreateStacksLedgerParameters) {
  const testnet = transactionVersion === 0x80
  const accounts = new Map<string, Account>()
  const txs = new Map<string, StacksTxRecord>()
  const byAddress = new Map<string, string[]>()
  const mempool: StacksTxRecord[] = []
  const genesisTime = Math.floor(now() / 1000)
  const blocks: StacksBlock[] = [{ height: 0, hash: Buffer.from(sha512_256(new TextEncoder().encode(`portico stacks genesis ${chainId}`))).toString('hex'), time: genesisTime, txids: [] }]
  const tokenId = token ? `${token.contractAddress}.${token.contractName}::${token.assetName}` : undefined
  const tokenContract = token ? `${token.contractAddress}.${token.contractName}` : undefined
  const contracts = new Map<string, StacksDeployedContract>()

  const accountOf = (address: string): Account => {
    let account = accounts.get(address)
    if (!account) {
      account = { ustx: 0n, nonce: 0n, sent: 0n, received: 0n, feesSent: 0n, tokens: new Map() }
      accounts.set(address, account)
    }
    return account
  }
  const tokenOf = (account: Account) => {
    let entry = account.tokens.get(tokenId as string)
    if (!entry) {
      entry = { balance: 0n, sent: 0n, received: 0n }
      account.tokens.set(tokenId as string, entry)
    }
    return entry
  }
  const isAddress = (address: unknown): address is string => {
    const decoded = decodeStacksAddress(address)
    return decoded !== undefined && decoded.network === (testnet ? 'testnet' : 'mainnet')
  }
  const pendingOf = (address: string) => mempool.filter((tx) => tx.sender === address)
  const note = (address: string, txid: string) => byAddress.set(address, [...(byAddress.get(address) ?? []), txid])

  /** Reads what the transaction asks for, or refuses it the way a node's mempool does. */
  function admit(raw: Uint8Array): StacksTxRecord {
    let tx: ReturnType<typeof deserializeTransaction>
    try {
      tx = deserializeTransaction(raw)
    } catch (error) {
      return reject('Deserialization', `the transaction could not be decoded: ${(error as Error).message}`.slice(0, 300))
    }
    const txid = stacksTxid(raw)
    if (tx.transactionVersion !== transactionVersion) reject('BadTransactionVersion', `the transaction version is ${tx.transactionVersion}, this chain takes ${transactionVersion}`, undefined, txid)
    if (tx.chainId !== chainId) reject('BadTransactionVersion', `the transaction is for chain id ${tx.chainId}, this chain is ${chainId}`, undefined, txid)
    let origin: ReturnType<typeof verifyStacksTransactionSignature>
    try {
      origin = verifyStacksTransactionSignature(raw)
    } catch (error) {
      return reject('SignatureValidation', (error as Error).message, { message: (error as Error).message }, txid)
    }
    const sender = encodeStacksAddress(testnet ? 26 : 22, origin.signer)
    const payload = tx.payload as unknown as Record<string, unknown>
    let record: StacksTxRecord
    const base = { txid, raw, sender, nonce: origin.nonce, fee: origin.fee, status: 'pending' as const, receivedAt: now() }
    if (payload.payloadType === 0) {
      const recipient = payload.recipient as { type?: string; value?: string }
      if (recipient?.type !== 'address' || !isAddress(recipient.value)) reject('BadAddressVersionByte', `the recipient ${text(recipient?.value)} is not an address of this chain`, undefined, txid)
      const memo = text((payload.memo as { content?: unknown } | undefined)?.content ?? '').replace(/\0+$/, '')
      record = { ...base, type: 'token_transfer', recipient: recipient.value as string, amount: BigInt(text(payload.amount)), memo }
    } else if (payload.payloadType === 2) {
      const contract = `${text((payload.contractAddress as { hash160?: string; version?: number }) ? addressOf(payload.contractAddress) : '')}.${text((payload.contractName as { content?: unknown })?.content)}`
      const functionName = text((payload.functionName as { content?: unknown })?.content)
      if (contracts.has(contract)) return reject('NoSuchPublicFunction', `${contract} is deployed here, but this ledger runs no Clarity VM: only the sandbox token's SIP-010 transfer can be called`, undefined, txid)
      if (!tokenContract || contract !== tokenContract) return reject('NoSuchContract', `no contract ${contract} on this chain`, undefined, txid)
      if (functionName !== 'transfer') return reject('NoSuchPublicFunction', `${contract} has no public function ${functionName}`, undefined, txid)
      const args = (payload.functionArgs as { type?: string; value?: unknown }[] | undefined) ?? []
      const [amount, from, to, memo] = args
      if (args.length !== 4 || amount?.type !== 'uint' || (from?.type !== 'address' && from?.type !== 'contract') || (to?.type !== 'address' && to?.type !== 'contract') || (memo?.type !== 'none' && memo?.type !== 'some')) {
        return reject('BadFunctionArgument', 'transfer takes (amount uint) (sender principal) (recipient principal) (memo (optional (buff 34)))', undefined, txid)
      }
      if (to.type !== 'address' || !isAddress(to.value)) return reject('BadFunctionArgument', `the recipient ${text(to.value)} is not an address of this chain`, undefined, txid)
      // SIP-010's memo is (optional (buff 34)): a buffer of at most 34 bytes inside `some`.
      const memoValue = memo.type === 'some' ? (memo.value as { type?: string; value?: unknown } | undefined) : undefined
      if (memo.type === 'some' && (memoValue?.type !== 'buffer' || typeof memoValue.value !== 'string' || !/^([0-9a-fA-F]{2}){0,34}$/.test(memoValue.value))) {
        return reject('BadFunctionArgument', 'the memo must be (optional (buff 34))', undefined, txid)
      }
      const memoHex = memoValue ? (memoValue.value as string) : undefined
      record = {
        ...base,
        type: 'contract_call',
        recipient: text(to.value),
        amount: BigInt(text(amount.value)),
        memo: memoHex ? new TextDecoder().decode(Buffer.from(memoHex, 'hex')).replace(/\0+$/, '') : '',
        contractCall: {
          contractId: contract,
          functionName,
          args: [
            { name: 'amount', type: 'uint', repr: `u${text(amount.value)}` },
            { name: 'sender', type: 'principal', repr: `'${text(from.value)}` },
            { name: 'recipient', type: 'principal', repr: `'${text(to.value)}` },
            { name: 'memo', type: '(optional (buff 34))', repr: memoHex === undefined ? 'none' : `(some 0x${memoHex.toLowerCase()})` },
          ],
        },
      }
      ;(record as StacksTxRecord & { tokenSender?: string }).tokenSender = text(from.value)
      // Deny mode (0x02): every asset the sender moves needs a post condition that allows it.
      if (tx.postConditionMode === 2) {
        let conditions: { type?: string; address?: string; condition?: string; amount?: string | number | bigint; asset?: string }[]
        try {
          conditions = tx.postConditions.values.map((value) => wireToPostCondition(value as Parameters<typeof wireToPostCondition>[0]) as (typeof conditions)[number])
        } catch {
          return reject('Deserialization', 'a post condition could not be read', undefined, txid)
        }
        ;(record as StacksTxRecord & { denyConditions?: typeof conditions }).denyConditions = conditions
      }
    } else if (payload.payloadType === 1 || payload.payloadType === 6) {
      // A contract deploy (smart contract, or versioned smart contract since Stacks 2.1): it lands at `<sender>.<name>`.
      const name = text((payload.contractName as { content?: unknown } | undefined)?.content)
      const sourceCode = text((payload.codeBody as { content?: unknown } | undefined)?.content)
      const clarityVersion = payload.payloadType === 6 ? Number(payload.clarityVersion) : 1
      if (!contractNamePattern.test(name)) return reject('Deserialization', `${name.slice(0, 60)} is not a contract name`, undefined, txid)
      if (!clarityVersions.has(clarityVersion)) return reject('Deserialization', `Clarity version ${clarityVersion} is unknown`, undefined, txid)
      if (sourceCode.trim() === '') return reject('Deserialization', 'the contract has no code', undefined, txid)
      const contractId = `${sender}.${name}`
      if (contracts.has(contractId) || contractId === tokenContract || mempool.some((tx) => tx.smartContract?.contractId === contractId)) {
        return reject('ContractAlreadyExists', `the contract ${contractId} already exists`, { contract_identifier: contractId }, txid)
      }
      record = { ...base, type: 'smart_contract', recipient: sender, amount: 0n, memo: '', smartContract: { contractId, sourceCode, clarityVersion } }
    } else {
      return reject('Deserialization', `payload type ${text(payload.payloadType)} is not supported by this ledger (STX transfers, SIP-010 transfers and contract deploys are)`, undefined, txid)
    }
    const account = accountOf(sender)
    const pending = pendingOf(sender)
    const expected = account.nonce + BigInt(pending.length)
    if (record.nonce !== expected) reject('BadNonce', `expected nonce ${expected}, got ${record.nonce}`, { expected: Number(expected), actual: Number(record.nonce), is_origin: true, principal: sender }, txid)
    const minFee = BigInt(raw.length) * feeRate
    if (record.fee < minFee) reject('FeeTooLow', `the fee ${record.fee} µSTX is below ${minFee} µSTX (${feeRate} per byte)`, { expected: Number(minFee), actual: Number(record.fee) }, txid)
    const committed = pending.reduce((sum, tx) => sum + tx.fee + (tx.type === 'token_transfer' ? tx.amount : 0n), 0n)
    const needed = record.fee + (record.type === 'token_transfer' ? record.amount : 0n)
    if (account.ustx - committed < needed) reject('NotEnoughFunds', `the sender has ${account.ustx - committed} µSTX spendable and needs ${needed}`, { expected: `0x${needed.toString(16)}`, actual: `0x${(account.ustx - committed).toString(16)}` }, txid)
    return record
  }

  function addressOf(value: unknown): string {
    const { hash160, version } = value as { hash160: string; version: number }
    return encodeStacksAddress(version, Uint8Array.from(Buffer.from(hash160, 'hex')))
  }

  /** Runs one transaction in a block: fee and nonce always; the transfer when it can run. */
  /** Whether deny-mode post conditions allow the sender to send `amount` of the token (eq, lte, lt, gte, gt). */
  function allowed(tx: StacksTxRecord & { denyConditions?: { type?: string; address?: string; condition?: string; amount?: unknown; asset?: string }[] }, amount: bigint): boolean {
    if (!tx.denyConditions) return true
    return tx.denyConditions.some((c) => {
      if (c.type !== 'ft-postcondition' || c.address !== tx.sender || c.asset !== tokenId) return false
      const limit = BigInt(String(c.amount))
      return c.condition === 'eq' ? amount === limit : c.condition === 'lte' ? amount <= limit : c.condition === 'lt' ? amount < limit : c.condition === 'gte' ? amount >= limit : c.condition === 'gt' ? amount > limit : false
    })
  }

  function execute(tx: StacksTxRecord & { tokenSender?: string }, height: number): { ok: boolean; result: string; postCondition?: boolean } {
    const sender = accountOf(tx.sender)
    sender.ustx -= tx.fee
    sender.feesSent += tx.fee
    sender.nonce += 1n
    if (tx.smartContract) {
      const { contractId, sourceCode, clarityVersion } = tx.smartContract
      contracts.set(contractId, { contractId, source: sourceCode, clarityVersion, publishHeight: height, txid: tx.txid })
      return { ok: true, result: '(ok true)' }
    }
    if (tx.type === 'token_transfer') {
      // stx-transfer?: (err u1) not enough balance, (err u2) sender is recipient, (err u3) amount not positive.
      if (tx.amount <= 0n) return { ok: false, result: '(err u3)' }
      if (tx.recipient === tx.sender) return { ok: false, result: '(err u2)' }
      if (sender.ustx < tx.amount) return { ok: false, result: '(err u1)' }
      const to = accountOf(tx.recipient)
      sender.ustx -= tx.amount
      sender.sent += tx.amount
      to.ustx += tx.amount
      to.received += tx.amount
      return { ok: true, result: '(ok true)' }
    }
    // SIP-010 transfer: (err u4) the caller is not the sender, ft-transfer? (err u1) not enough, (err u2) to self, (err u3) not positive.
    if (tx.tokenSender !== tx.sender) return { ok: false, result: '(err u4)' }
    if (tx.amount <= 0n) return { ok: false, result: '(err u3)' }
    if (tx.recipient === tx.sender) return { ok: false, result: '(err u2)' }
    const from = tokenOf(sender)
    if (from.balance < tx.amount) return { ok: false, result: '(err u1)' }
    if (!allowed(tx, tx.amount)) return { ok: false, result: '(ok true)', postCondition: true }
    const to = tokenOf(accountOf(tx.recipient))
    from.balance -= tx.amount
    from.sent += tx.amount
    to.balance += tx.amount
    to.received += tx.amount
    return { ok: true, result: '(ok true)' }
  }

  return {
    chainId,
    tokenId,
    isAddress,
    /** Credits µSTX at genesis (no transaction). */
    genesis(address: string, ustx: bigint) {
      if (!isAddress(address)) throw new Error(`genesis: ${address} is not an address of this chain`)
      const account = accountOf(address)
      account.ustx += ustx
      account.received += ustx
    },
    /** Mints the SIP-010 token to an address (the contract's deployer minting at genesis). */
    mintToken(address: string, amount: bigint) {
      if (!tokenId || !isAddress(address)) throw new Error('mintToken: no token, or not an address of this chain')
      const entry = tokenOf(accountOf(address))
      entry.balance += amount
      entry.received += amount
    },
    /**
     * Takes a serialized transaction into the mempool.
     * @throws StacksLedgerError with the node's rejection reason
     */
    submit(raw: Uint8Array): StacksTxRecord {
      const record = admit(raw)
      mempool.push(record)
      txs.set(record.txid, record)
      note(record.sender, record.txid)
      if (record.recipient !== record.sender) note(record.recipient, record.txid)
      return record
    },
    /** Mines the pending transactions into one block; undefined when there are none. */
    mine(): StacksBlock | undefined {
      if (mempool.length === 0) return undefined
      const previous = blocks[blocks.length - 1] as StacksBlock
      const height = previous.height + 1
      const time = Math.max(previous.time + 1, Math.floor(now() / 1000))
      const pending = mempool.splice(0)
      const hash = Buffer.from(sha512_256(new TextEncoder().encode(`${previous.hash}${pending.map((tx) => tx.txid).join('')}${height}`))).toString('hex')
      for (const tx of pending) {
        const { ok, result, postCondition } = execute(tx, height)
        tx.status = ok ? 'success' : postCondition ? 'abort_by_post_condition' : 'abort_by_response'
        tx.result = result
        tx.blockHeight = height
        tx.blockHash = hash
        tx.blockTime = time
      }
      const block = { height, hash, time, txids: pending.map((tx) => tx.txid) }
      blocks.push(block)
      return block
    },
    tip: () => blocks[blocks.length - 1] as StacksBlock,
    pendingCount: () => mempool.length,
    /** The account's confirmed state (unknown accounts: zero). */
    account(address: string) {
      const account = accounts.get(address)
      const pending = account ? pendingOf(address) : []
      return {
        ustx: account?.ustx ?? 0n,
        nonce: account?.nonce ?? 0n,
        sent: account?.sent ?? 0n,
        received: account?.received ?? 0n,
        feesSent: account?.feesSent ?? 0n,
        nextNonce: (account?.nonce ?? 0n) + BigInt(pending.length),
        lastMempoolNonce: pending.length > 0 ? (pending[pending.length - 1] as StacksTxRecord).nonce : undefined,
        tokens: [...(account?.tokens ?? new Map())].map(([id, entry]) => ({ id: id as string, ...(entry as { balance: bigint; sent: bigint; received: bigint }) })),
      }
    },
    tx: (txid: string) => txs.get(txid.replace(/^0x/, '').toLowerCase()),
    /** A contract deployed on the ledger (`<address>.<name>`), once its deploy is in a block. */
    contract: (contractId: string) => contracts.get(contractId),
    /** The address's transactions, newest first (confirmed and pending). */
    history: (address: string) => (byAddress.get(address) ?? []).map((txid) => txs.get(txid) as StacksTxRecord).reverse(),
  }
}
