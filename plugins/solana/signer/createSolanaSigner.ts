import { base58, base64 } from '@scure/base'
import { BaseError, ProviderRpcError, type CaipNetworkId, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import { SolanaSignerInputError } from '../errors.js'
import { fromWalletStandardChain } from '../utils/fromWalletStandardChain.js'
import { offchainMessage } from '../utils/offchainMessage.js'
import { readSolanaTransaction, type SolanaWireTransaction } from '../utils/readSolanaTransaction.js'
import { writeSolanaTransaction } from '../utils/writeSolanaTransaction.js'
import type {
  SolanaKitLifetime,
  SolanaKitSignatureBytes,
  SolanaKitSignedTransaction,
  SolanaKitSigner,
  SolanaKitTransaction,
  SolanaSendOptions,
  SolanaSigner,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from './SolanaSigner.js'

/** The most transactions one `signAllTransactions` (or kit call) takes. */
const maxTransactions = 64
/** The longest message `signMessage` takes: what WalletConnect's base58 can carry. */
const maxMessageBytes = 2048
const commitments = ['processed', 'confirmed', 'finalized'] as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const invalidAnswer = (message: string) => new ProviderRpcError({ code: -32603, message })
/** A refusal that means the connector does not carry the method (a Ledger, the embedded wallet, a session that did not approve it). */
const isUnsupported = (error: unknown) => (error instanceof ProviderRpcError && (error.code === 4200 || error.code === -32601)) || (error instanceof BaseError && error.code === 'METHOD_NOT_APPROVED')

/** A transaction's bytes, read, for the connected account: refused before any wallet when it is not one it signs. */
function readOwnTransaction(value: unknown, address: string, what = 'transaction'): { bytes: Uint8Array; tx: SolanaWireTransaction } {
  if (!(value instanceof Uint8Array)) throw new SolanaSignerInputError(`The ${what} must be a Uint8Array of a serialised Solana transaction`)
  let tx: SolanaWireTransaction
  try {
    tx = readSolanaTransaction(value)
  } catch (error) {
    throw new SolanaSignerInputError(`The ${what} is not a Solana transaction: ${(error as Error).message}`)
  }
  if (!tx.signers.includes(address)) throw new SolanaSignerInputError(`The connected account ${address} is not a signer of this ${what}`)
  return { bytes: value, tx }
}

/** The send options as WalletConnect's `sendOptions`: each checked, `preflightCommitment` `'confirmed'` unless given. */
function sendOptionsOf(options: unknown): Required<Pick<SolanaSendOptions, 'preflightCommitment'>> & SolanaSendOptions {
  if (options === undefined) return { preflightCommitment: 'confirmed' }
  if (!isRecord(options)) throw new SolanaSignerInputError('options must be an object')
  const { preflightCommitment = 'confirmed', skipPreflight, maxRetries, minContextSlot } = options
  if (!commitments.includes(preflightCommitment as never)) throw new SolanaSignerInputError(`options.preflightCommitment must be ${commitments.join(', ')}`)
  if (skipPreflight !== undefined && typeof skipPreflight !== 'boolean') throw new SolanaSignerInputError('options.skipPreflight must be a boolean')
  for (const [name, value] of [['maxRetries', maxRetries], ['minContextSlot', minContextSlot]] as const) {
    if (value !== undefined && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) throw new SolanaSignerInputError(`options.${name} must be a whole number`)
  }
  return {
    preflightCommitment: preflightCommitment as SolanaSendOptions['preflightCommitment'] & string,
    ...(skipPreflight !== undefined ? { skipPreflight: skipPreflight as boolean } : {}),
    ...(maxRetries !== undefined ? { maxRetries: maxRetries as number } : {}),
    ...(minContextSlot !== undefined ? { minContextSlot: minContextSlot as number } : {}),
  }
}

async function verifies(signature: Uint8Array, message: Uint8Array, address: string): Promise<boolean> {
  const { ed25519 } = await import('../lazy/noble.js')
  try {
    return ed25519.verify(signature, message, base58.decode(address))
  } catch {
    return false
  }
}

/**
 * The wallet's answer to `solana_signTransaction` as the signed transaction: its `transaction`
 * (base64; a wallet may have changed it) or, from a wallet that answers only the `signature`, the
 * sent transaction with it in the account's slot. The account's signature must verify.
 */
async function signedTransactionOf(answer: unknown, sent: SolanaWireTransaction, address: string): Promise<Uint8Array> {
  let signed: Uint8Array
  if (isRecord(answer) && typeof answer.transaction === 'string') {
    if (answer.transaction.length > 2000) throw invalidAnswer('The wallet returned a transaction too large to be one')
    try {
      signed = base64.decode(answer.transaction)
    } catch {
      throw invalidAnswer('The wallet returned a signed transaction that is not base64')
    }
  } else if (isRecord(answer) && typeof answer.signature === 'string') {
    const signature = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(answer.signature) ? base58.decode(answer.signature) : undefined
    if (signature?.length !== 64) throw invalidAnswer('The wallet returned an invalid transaction signature')
    signed = writeSolanaTransaction({ messageBytes: sent.messageBytes, signatures: sent.signatures.map((slot, i) => (sent.signers[i] === address ? signature : slot)) })
  } else throw invalidAnswer('The wallet returned no signed transaction')
  let tx: SolanaWireTransaction
  try {
    tx = readSolanaTransaction(signed)
  } catch (error) {
    throw invalidAnswer(`The wallet returned a signed transaction that does not read: ${(error as Error).message}`)
  }
  const slot = tx.signers.indexOf(address)
  if (slot < 0 || !(await verifies(tx.signatures[slot]!, tx.messageBytes, address))) throw invalidAnswer(`The wallet returned a transaction without a valid signature of ${address}`)
  return signed
}

function signatureOf(answer: unknown): Uint8Array {
  const text = isRecord(answer) ? answer.signature : undefined
  const bytes = typeof text === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(text) ? base58.decode(text) : undefined
  if (bytes?.length !== 64) throw invalidAnswer('The wallet returned an invalid transaction signature')
  return bytes
}

/** A kit transaction's wire bytes, its slots in the order of its signatures map. */
function wireOfKitTransaction(value: unknown, address: string): { bytes: Uint8Array; tx: SolanaWireTransaction; kit: SolanaKitTransaction } {
  const kit = value as SolanaKitTransaction
  if (!isRecord(value) || !(value.messageBytes instanceof Uint8Array) || !isRecord(value.signatures)) throw new SolanaSignerInputError('Expected a kit Transaction: { messageBytes, signatures }')
  const slots = Object.entries(value.signatures)
  if (slots.some(([, s]) => s !== null && !(s instanceof Uint8Array && s.length === 64))) throw new SolanaSignerInputError("The kit Transaction's signatures must be 64 bytes or null")
  const bytes = writeSolanaTransaction({ messageBytes: value.messageBytes, signatures: slots.map(([, s]) => s as Uint8Array | null) })
  const { tx } = readOwnTransaction(bytes, address)
  if (tx.signers.join() !== slots.map(([signer]) => signer).join()) throw new SolanaSignerInputError("The kit Transaction's signatures do not match its message's signers")
  return { bytes, tx, kit }
}

/** The signed wire bytes as kit's `Transaction`, with the lifetime kit needs to send and confirm it. */
function kitTransactionOf(signed: Uint8Array, sent: { tx: SolanaWireTransaction; kit: SolanaKitTransaction }): SolanaKitSignedTransaction {
  const tx = readSolanaTransaction(signed)
  const signatures = Object.fromEntries(tx.signers.map((signer, i) => [signer, tx.signatures[i]!.some((b) => b !== 0) ? tx.signatures[i]!.slice() : null]))
  // The wallet's own changes may not touch the lifetime; when they do, kit's rule for a compiled
  // message applies (a blockhash whose last valid height is not known).
  const lifetimeConstraint: SolanaKitLifetime =
    sent.kit.lifetimeConstraint && tx.lifetimeToken === sent.tx.lifetimeToken
      ? sent.kit.lifetimeConstraint
      : ({ blockhash: tx.lifetimeToken, lastValidBlockHeight: 0xffff_ffff_ffff_ffffn } as SolanaKitLifetime)
  return Object.freeze({ messageBytes: tx.messageBytes.slice(), signatures: Object.freeze(signatures), lifetimeConstraint }) as unknown as SolanaKitSignedTransaction
}

/**
 * Builds the solana signer on the kernel's signer context (`portico.getSigner('solana')`): each
 * member reads the connection when called (`NotConnectedError` before anything else), checks its
 * input (`SolanaSignerInputError`) and network (`ChainNotSupportedError`), then asks the wallet in
 * WalletConnect's solana vocabulary through `context.request`, whichever connector holds the
 * connection. What the wallet answers is checked: a signature of the account must verify.
 *
 * @returns the signer, one per Portico instance
 * @example
 * const signer = createSolanaSigner(context)
 * const { signature } = await signer.signAndSendTransaction({ transaction })
 */
export function createSolanaSigner(context: SignerContext): SolanaSigner {
  /** The connection's network, or `chain`'s once it is the connection's. */
  const networkOf = (connection: SignerConnection, chain: unknown): CaipNetworkId => {
    if (chain === undefined) return connection.caipNetworkId
    if (typeof chain !== 'string' || chain.length === 0 || chain.length > 100) throw new SolanaSignerInputError('chain must be a Wallet Standard chain such as "solana:mainnet" or a CAIP-2 id')
    return context.requireNetwork(fromWalletStandardChain(chain) ?? chain).caipNetworkId
  }

  const inputsOf = (inputs: unknown, connection: SignerConnection) => {
    if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > maxTransactions) throw new SolanaSignerInputError(`Expected 1 to ${maxTransactions} inputs of { transaction, chain? }`)
    const read = inputs.map((input, i) => {
      if (!isRecord(input)) throw new SolanaSignerInputError(`Input ${i} must be { transaction, chain? }`)
      return { ...readOwnTransaction(input.transaction, connection.address, `transaction of input ${i}`), chain: input.chain }
    })
    const networks = new Set(read.map((input) => networkOf(connection, input.chain)))
    return { read, caipNetworkId: [...networks][0] as CaipNetworkId }
  }

  /** Signs transactions in one request where the connector carries `solana_signAllTransactions`, else one by one. */
  async function signAll(transactions: readonly { bytes: Uint8Array; tx: SolanaWireTransaction }[], address: string, caipNetworkId: CaipNetworkId): Promise<Uint8Array[]> {
    if (transactions.length > 1) {
      let answer: unknown
      try {
        answer = await context.request('solana_signAllTransactions', { transactions: transactions.map((t) => base64.encode(t.bytes)) }, caipNetworkId)
      } catch (error) {
        if (!isUnsupported(error)) throw error
      }
      if (answer !== undefined) {
        const signed = isRecord(answer) ? answer.transactions : undefined
        if (!Array.isArray(signed) || signed.length !== transactions.length) throw invalidAnswer(`The wallet returned ${Array.isArray(signed) ? signed.length : 'no'} signed transactions for ${transactions.length}`)
        return Promise.all(signed.map((transaction, i) => signedTransactionOf({ transaction }, transactions[i]!.tx, address)))
      }
    }
    const out: Uint8Array[] = []
    for (const { bytes, tx } of transactions) out.push(await signedTransactionOf(await context.request('solana_signTransaction', { transaction: base64.encode(bytes) }, caipNetworkId), tx, address))
    return out
  }

  async function signAndSend(bytes: Uint8Array, options: SolanaSendOptions, caipNetworkId: CaipNetworkId): Promise<Uint8Array> {
    return signatureOf(await context.request('solana_signAndSendTransaction', { transaction: base64.encode(bytes), sendOptions: options }, caipNetworkId))
  }

  const signer: SolanaSigner = {
    namespace: 'solana',
    getAddress: () => context.connection().address,

    async signTransaction(input) {
      const connection = context.connection()
      const { read, caipNetworkId } = inputsOf([input], connection)
      const [signedTransaction] = await signAll(read, connection.address, caipNetworkId)
      return { signedTransaction: signedTransaction! }
    },

    async signAllTransactions(inputs) {
      const connection = context.connection()
      const { read, caipNetworkId } = inputsOf(inputs, connection)
      const signed = await signAll(read, connection.address, caipNetworkId)
      return signed.map((signedTransaction): SolanaSignTransactionOutput => ({ signedTransaction }))
    },

    async signAndSendTransaction(input) {
      const connection = context.connection()
      if (!isRecord(input)) throw new SolanaSignerInputError('Expected { transaction, chain?, options? }')
      const { bytes } = readOwnTransaction(input.transaction, connection.address)
      const options = sendOptionsOf(input.options)
      return { signature: await signAndSend(bytes, options, networkOf(connection, input.chain)) }
    },

    async signMessage(input) {
      const connection = context.connection()
      const message = isRecord(input) ? input.message : undefined
      if (!(message instanceof Uint8Array) || message.length === 0 || message.length > maxMessageBytes) throw new SolanaSignerInputError(`The message must be a Uint8Array of 1 to ${maxMessageBytes} bytes`)
      const answer = await context.request('solana_signMessage', { message: base58.encode(message), pubkey: connection.address }, connection.caipNetworkId)
      const signature = signatureOf(answer)
      // A software wallet signs the bytes; a Ledger signs them wrapped as a Solana off-chain message.
      for (const signedMessage of [message, offchainMessage(message)]) {
        if (signedMessage && (await verifies(signature, signedMessage, connection.address))) return { signedMessage: signedMessage.slice(), signature }
      }
      throw invalidAnswer(`The wallet returned a signature that does not verify for ${connection.address}`)
    },

    getKitSigner() {
      const address = context.connection().address
      /** The connection, while it is still on the kit signer's account. */
      const stillOurs = (config: unknown) => {
        const connection = context.connection()
        if (connection.address !== address) throw new SolanaSignerInputError(`This kit signer is for ${address}; the connected account is now ${connection.address}: take a new one with getKitSigner()`)
        const abortSignal = isRecord(config) ? config.abortSignal : undefined
        if (abortSignal instanceof AbortSignal) abortSignal.throwIfAborted()
        return connection
      }
      const transactionsOf = (transactions: unknown) => {
        if (!Array.isArray(transactions) || transactions.length === 0 || transactions.length > maxTransactions) throw new SolanaSignerInputError(`Expected 1 to ${maxTransactions} kit Transactions`)
        return transactions.map((transaction) => wireOfKitTransaction(transaction, address))
      }
      const kitSigner: SolanaKitSigner = {
        address: address as SolanaKitSigner['address'],
        async modifyAndSignTransactions(transactions, config) {
          const connection = stillOurs(config)
          const sent = transactionsOf(transactions)
          const signed = await signAll(sent, address, connection.caipNetworkId)
          return signed.map((bytes, i) => kitTransactionOf(bytes, sent[i]!))
        },
        async signAndSendTransactions(transactions, config) {
          const connection = stillOurs(config)
          const sent = transactionsOf(transactions)
          const slot = isRecord(config) ? config.minContextSlot : undefined
          const options = sendOptionsOf(typeof slot === 'bigint' ? { minContextSlot: Number(slot) } : undefined)
          const signatures: SolanaKitSignatureBytes[] = []
          for (const { bytes } of sent) {
            stillOurs(config)
            signatures.push((await signAndSend(bytes, options, connection.caipNetworkId)) as SolanaKitSignatureBytes)
          }
          return signatures
        },
      }
      return Object.freeze(kitSigner)
    },
  }
  return Object.freeze(signer)
}
