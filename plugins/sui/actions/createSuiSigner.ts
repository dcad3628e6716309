import { bcs } from '@mysten/sui/bcs'
import { Transaction } from '@mysten/sui/transactions'
import { base64 } from '@scure/base'

import { ProviderRpcError, type SignerConnection, type SignerContext } from '../../../kernel/kernel.js'
import { SuiRpcRequestError, SuiSignerInputError, SuiTransactionFailedError } from '../errors.js'
import type {
  SuiSignAndExecuteTransactionReturnType,
  SuiSigner,
  SuiSignPersonalMessageReturnType,
  SuiSignTransactionReturnType,
  SuiTransactionInput,
} from '../types.js'
import { toSuiWalletChain } from '../utils/toSuiWalletChain.js'
import type { SuiTransactionRecord } from './createSuiNodeClient.js'

export type CreateSuiSignerParameters = {
  context: SignerContext
  /** How long `signAndExecuteTransaction` waits for the network's node to know a transaction the wallet did not describe. */
  confirmTimeoutMs: number
  /** `fetch` for the node reads; default the global one. */
  fetch?: typeof fetch | undefined
  /** How often the node is asked while it does not know the transaction yet. */
  pollIntervalMs?: number
}

/** The most characters of serialized transaction the signer sends (what WalletConnect wallets take). */
const maxTransactionChars = 200_000
/** The largest personal message, in bytes. */
const maxMessageBytes = 64 * 1024
const base64Text = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
/** A serialized ed25519, secp256k1 or secp256r1 signature (flag ‖ signature ‖ public key), base64. */
const base64Signature = /^[A-Za-z0-9+/]{80,200}={0,2}$/
const digestPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const normalize = (address: string) => address.toLowerCase()

/** The members' one argument: an object, or a clear error naming what the member takes. */
function argumentOf(parameters: unknown, member: string, takes: string): Record<string, unknown> {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) throw new SuiSignerInputError(`signer.${member} takes ${takes}`)
  return parameters as Record<string, unknown>
}

/**
 * The connection the call signs on: the one now, or refused with `ChainNotSupportedError` before the
 * wallet is asked when `chain` names another network. `sui:mainnet` (a wallet's name) and the
 * draft's `sui:35834a8a` are the same network.
 */
function connectionFor(context: SignerContext, connection: SignerConnection, chain: unknown): SignerConnection {
  if (chain === undefined) return connection
  if (typeof chain !== 'string' || chain.length === 0 || chain.length > 100) throw new SuiSignerInputError('`chain` must be a Sui chain such as "sui:mainnet"')
  const asked = toSuiWalletChain(chain)
  return context.requireNetwork(asked !== undefined && asked === toSuiWalletChain(connection.caipNetworkId) ? connection.caipNetworkId : chain)
}

/**
 * The transaction as the TransactionData JSON a Sui wallet takes (what dapp-kit hands a wallet's
 * `toJSON()`): a `Transaction` serialized with its `toJSON()` after the account is set as the sender
 * of one that names none, or the site's own JSON or base64 BCS bytes. Read back with `@mysten/sui`,
 * so that what is not a transaction, or one from another sender, never reaches a wallet.
 */
async function serialize(transaction: unknown, address: string): Promise<string> {
  let given: unknown
  if (typeof transaction === 'string') given = transaction
  else if (typeof (transaction as { toJSON?: unknown } | null)?.toJSON === 'function') {
    const site = transaction as Exclude<SuiTransactionInput, string>
    if (typeof site.setSenderIfNotSet === 'function') site.setSenderIfNotSet(address)
    try {
      given = await site.toJSON()
    } catch (cause) {
      throw new SuiSignerInputError('The transaction cannot be serialized', { details: 'an intent such as coinWithBalance needs a client: pass `await transaction.toJSON({ client })` instead', cause })
    }
  } else throw new SuiSignerInputError('`transaction` must be a Transaction of @mysten/sui, its TransactionData JSON or its base64 BCS bytes')
  if (typeof given !== 'string' || given.length === 0 || given.length > maxTransactionChars) throw new SuiSignerInputError(`The transaction must serialize to 1 to ${maxTransactionChars} characters`)
  let read: Transaction
  try {
    read = Transaction.from(given)
  } catch (cause) {
    throw new SuiSignerInputError('The transaction is not Sui TransactionData (JSON, or base64 BCS bytes)', { cause })
  }
  read.setSenderIfNotSet(address)
  const sender = read.getData().sender
  if (!sender || normalize(sender) !== normalize(address)) throw new SuiSignerInputError('The transaction is for another sender', { details: `sender ${String(sender)}, connected account ${address}` })
  try {
    return await read.toJSON()
  } catch (cause) {
    throw new SuiSignerInputError('The transaction cannot be serialized', { details: 'an intent such as coinWithBalance needs a client: pass `await transaction.toJSON({ client })` instead', cause })
  }
}

/** Success, or the chain's reason, from BCS `TransactionEffects` of `digest`; undefined when they are not that. */
function outcomeOf(effects: string | undefined, digest: string): { success: boolean; error: string | null } | undefined {
  if (!effects) return undefined
  try {
    const parsed = bcs.TransactionEffects.parse(base64.decode(effects))
    const body = parsed.V2 ?? parsed.V1
    if (!body || body.transactionDigest !== digest) return undefined
    if (body.status.$kind === 'Success') return { success: true, error: null }
    const failed = body.status.Failed
    const command = failed?.command
    return { success: false, error: `${failed?.error.$kind ?? 'unknown error'}${command === null || command === undefined ? '' : ` in command ${command}`}` }
  } catch {
    return undefined
  }
}

const text = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : undefined)

/**
 * Builds the Sui signer on the kernel's signer context: the shapes of Sui's Wallet Standard
 * features and dapp-kit's hooks, each member reading the connection when called and signing
 * through `context.request` in WalletConnect's sui vocabulary (`sui_signTransaction`,
 * `sui_signAndExecuteTransaction`, `sui_signPersonalMessage`, with the TransactionData JSON and the
 * account's address), which a WalletConnect session carries as it is and the plugin's adapter
 * answers for the Wallet Standard wallet it holds. A transaction the wallet executed is followed
 * on the network's node when the wallet's answer does not say how it ended (WalletConnect answers
 * only its digest).
 *
 * @returns the signer (`portico.getSigner('sui')`)
 * @example
 * const signer = createSuiSigner({ context, confirmTimeoutMs: 60_000 })
 * await signer.signAndExecuteTransaction({ transaction })
 */
export function createSuiSigner({ context, confirmTimeoutMs, fetch, pollIntervalMs = 500 }: CreateSuiSignerParameters): SuiSigner {
  /** The transaction as the node keeps it, once it knows it (asked until `confirmTimeoutMs`). */
  const readBack = async (connection: SignerConnection, digest: string): Promise<SuiTransactionRecord> => {
    const { createSuiNodeClient } = await import('./createSuiNodeClient.js')
    const node = await createSuiNodeClient({ network: connection.network, fetch })
    const deadline = Date.now() + confirmTimeoutMs
    for (;;) {
      const record = await node.getTransaction(digest)
      if (record) return record
      if (Date.now() + pollIntervalMs > deadline) throw new SuiRpcRequestError({ method: 'getTransaction', message: `${connection.network.name} does not know transaction ${digest} after ${Math.round(confirmTimeoutMs / 1000)} s` })
      await new Promise((resolve) => setTimeout(resolve, pollIntervalMs))
    }
  }

  /** Reads the connection, the argument and its chain (in that order), and serializes the transaction. */
  const prepare = async (parameters: unknown, member: string) => {
    const now = context.connection()
    const { transaction, chain } = argumentOf(parameters, member, '{ transaction, chain? }')
    const connection = connectionFor(context, now, chain)
    return { connection, params: { transaction: await serialize(transaction, connection.address), address: connection.address } }
  }

  const signer: SuiSigner = {
    namespace: 'sui',
    toSuiAddress: () => context.connection().address,

    async signTransaction(parameters): Promise<SuiSignTransactionReturnType> {
      const { connection, params } = await prepare(parameters, 'signTransaction')
      const answer = (await context.request('sui_signTransaction', params, connection.caipNetworkId)) as { signature?: unknown; transactionBytes?: unknown } | null
      const signature = text(answer?.signature, base64Signature)
      const bytes = text(answer?.transactionBytes, base64Text)
      let sender: string | undefined
      try {
        sender = bytes ? bcs.TransactionData.parse(base64.decode(bytes)).V1?.sender : undefined
      } catch {
        sender = undefined
      }
      if (!signature || !bytes || !sender) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no signed transaction' })
      if (normalize(sender) !== normalize(connection.address)) throw new ProviderRpcError({ code: -32603, message: `The wallet signed a transaction of another sender (${sender})` })
      return { bytes, signature }
    },

    async signAndExecuteTransaction(parameters): Promise<SuiSignAndExecuteTransactionReturnType> {
      const { connection, params } = await prepare(parameters, 'signAndExecuteTransaction')
      const answer = (await context.request('sui_signAndExecuteTransaction', params, connection.caipNetworkId)) as { digest?: unknown; bytes?: unknown; signature?: unknown; effects?: unknown } | null
      const digest = text(answer?.digest, digestPattern)
      if (!digest) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no transaction digest' })
      let bytes = text(answer?.bytes, base64Text)
      let signature = text(answer?.signature, base64Signature)
      let effects = text(answer?.effects, base64Text) || undefined
      let outcome = outcomeOf(effects, digest)
      if (!outcome || !bytes || !signature) {
        // WalletConnect's answer is the digest alone: the rest is the chain's.
        const record = await readBack(connection, digest)
        bytes ??= record.bytes
        signature ??= record.signatures[0]
        effects ??= record.effects
        outcome ??= { success: record.success, error: record.error }
      }
      if (!outcome.success) throw new SuiTransactionFailedError({ digest, error: outcome.error ?? 'unknown error' })
      if (!bytes || !signature) throw new ProviderRpcError({ code: -32603, message: `Transaction ${digest} has no signature` })
      return { digest, bytes, signature, ...(effects ? { effects } : {}) }
    },

    async signPersonalMessage(parameters): Promise<SuiSignPersonalMessageReturnType> {
      const now = context.connection()
      const { message, chain } = argumentOf(parameters, 'signPersonalMessage', '{ message: Uint8Array, chain? }')
      if (!(message instanceof Uint8Array) || message.length > maxMessageBytes) throw new SuiSignerInputError(`\`message\` must be a Uint8Array of at most ${maxMessageBytes} bytes`)
      let words: string
      try {
        words = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(message)
      } catch {
        throw new SuiSignerInputError('`message` must be UTF-8 text', { details: "WalletConnect's sui_signPersonalMessage carries the message as text" })
      }
      const connection = connectionFor(context, now, chain)
      const answer = (await context.request('sui_signPersonalMessage', { message: words, address: connection.address }, connection.caipNetworkId)) as { signature?: unknown } | null
      const signature = text(answer?.signature, base64Signature)
      if (!signature) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { bytes: base64.encode(message), signature }
    },
  }
  return signer
}
