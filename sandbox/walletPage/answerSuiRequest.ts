import type { SuiClient } from '@mysten/sui/client'
import type { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519'
import { Transaction } from '@mysten/sui/transactions'
import { toBase64 } from '@mysten/sui/utils'

/** The sui namespace's WalletConnect methods the wallet page answers. */
export const suiWalletConnectMethods = ['sui_signPersonalMessage', 'sui_signTransaction', 'sui_signAndExecuteTransaction'] as const

/** A refusal with a wallet's JSON-RPC code. */
export class SuiRequestError extends Error {
  override name = 'SuiRequestError'
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export type AnswerSuiRequestParameters = {
  method: string
  params: unknown
  keypair: Ed25519Keypair
  /** The node the wallet resolves gas with and executes on (the sandbox's Sui proxy). */
  client: SuiClient
}

/**
 * Answers a WalletConnect `sui_*` request as a Sui wallet does (Reown's Sui RPC reference), with
 * the key: `sui_signPersonalMessage { message, address }` → `{ signature }`;
 * `sui_signTransaction { transaction, address }` → `{ signature, transactionBytes }`;
 * `sui_signAndExecuteTransaction { transaction, address }` → `{ digest }`. A transaction arrives as
 * TransactionData JSON; what it leaves open (gas) is resolved against `client`.
 *
 * @returns the answer
 * @throws SuiRequestError (4100 another account, -32602 bad params, 4200 another method; the node's refusal as -32603)
 * @example
 * await answerSuiRequest({ method: 'sui_signPersonalMessage', params: { message: 'hi', address }, keypair, client })
 */
export async function answerSuiRequest({ method, params, keypair, client }: AnswerSuiRequestParameters): Promise<unknown> {
  const { message, transaction, address } = (params ?? {}) as { message?: unknown; transaction?: unknown; address?: unknown }
  if (address !== keypair.toSuiAddress()) throw new SuiRequestError(4100, 'Unknown account')
  if (method === 'sui_signPersonalMessage') {
    if (typeof message !== 'string' || message.length > 64 * 1024) throw new SuiRequestError(-32602, 'message must be a string of at most 64 KiB')
    const { signature } = await keypair.signPersonalMessage(new TextEncoder().encode(message))
    return { signature }
  }
  if (method !== 'sui_signTransaction' && method !== 'sui_signAndExecuteTransaction') throw new SuiRequestError(4200, `Unsupported method ${method}`)
  if (typeof transaction !== 'string' || transaction.length > 200_000) throw new SuiRequestError(-32602, 'transaction must be TransactionData JSON or base64')
  let bytes: Uint8Array
  try {
    const built = Transaction.from(transaction)
    built.setSenderIfNotSet(keypair.toSuiAddress())
    bytes = await built.build({ client })
  } catch (error) {
    throw new SuiRequestError(-32603, (error as Error).message)
  }
  const { signature } = await keypair.signTransaction(bytes)
  if (method === 'sui_signTransaction') return { signature, transactionBytes: toBase64(bytes) }
  try {
    const { digest } = await client.executeTransactionBlock({ transactionBlock: bytes, signature })
    return { digest }
  } catch (error) {
    throw new SuiRequestError(-32603, (error as Error).message)
  }
}
