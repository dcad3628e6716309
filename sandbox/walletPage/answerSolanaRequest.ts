import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { sendSignedTransaction } from '../solanaWallet/sendSignedTransaction.js'
import { signTransactionBytes } from '../solanaWallet/signTransactionBytes.js'
import { SolanaDevWalletError } from '../solanaWallet/SolanaDevWalletError.js'

/** The solana namespace's WalletConnect methods the wallet page answers. */
export const solanaWalletConnectMethods = ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'] as const

export type AnswerSolanaRequestParameters = {
  method: string
  params: unknown
  /** The wallet's key: 64 bytes, the ed25519 private seed then the public key. */
  secretKey: Uint8Array
  /** Where `solana_signAndSendTransaction` sends (the sandbox's RPC proxy for the chain). */
  rpcUrl: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const invalid = (message: string) => new SolanaDevWalletError(-32602, message)

function transactionOf(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || value.length > 2000 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) throw invalid(`${what} must be a base64 transaction`)
  return base64.decode(value)
}

/**
 * Answers a WalletConnect `solana_*` request as a Solana wallet does (WalletConnect's Solana RPC
 * reference), with the dev key: `solana_signMessage { message: base58, pubkey }` → `{ signature }`;
 * `solana_signTransaction { transaction: base64 }` → `{ signature, transaction }`;
 * `solana_signAllTransactions { transactions }` → `{ transactions }`;
 * `solana_signAndSendTransaction { transaction, sendOptions? }` → `{ signature }`, sent with the
 * node's `sendTransaction` (its `preflightCommitment` and `skipPreflight` from `sendOptions`).
 *
 * @returns the answer
 * @throws SolanaDevWalletError (-32602 bad params, 4100 a transaction the key does not sign, 4200 another method; the node's refusal with its code and reason)
 * @example
 * await answerSolanaRequest({ method: 'solana_signMessage', params: { message, pubkey }, secretKey, rpcUrl })
 */
export async function answerSolanaRequest({ method, params, secretKey, rpcUrl }: AnswerSolanaRequestParameters): Promise<unknown> {
  const p = isRecord(params) ? params : {}
  const address = base58.encode(secretKey.subarray(32, 64))
  switch (method) {
    case 'solana_signMessage': {
      if (typeof p.message !== 'string' || p.message.length === 0 || p.message.length > 4096 || !/^[1-9A-HJ-NP-Za-km-z]+$/.test(p.message)) throw invalid('Expected { message: base58, pubkey }')
      if (p.pubkey !== undefined && p.pubkey !== address) throw new SolanaDevWalletError(4100, `This wallet's account is ${address}`)
      return { signature: base58.encode(ed25519.sign(base58.decode(p.message), secretKey.subarray(0, 32))) }
    }
    case 'solana_signTransaction': {
      const { signed, signature } = signTransactionBytes(transactionOf(p.transaction, 'transaction'), secretKey)
      return { signature: base58.encode(signature), transaction: base64.encode(signed) }
    }
    case 'solana_signAllTransactions': {
      if (!Array.isArray(p.transactions) || p.transactions.length === 0 || p.transactions.length > 64) throw invalid('Expected { transactions: base64[] } of 1 to 64')
      const unsigned = p.transactions.map((t, i) => transactionOf(t, `transactions[${i}]`))
      return { transactions: unsigned.map((bytes) => base64.encode(signTransactionBytes(bytes, secretKey).signed)) }
    }
    case 'solana_signAndSendTransaction': {
      const { signed } = signTransactionBytes(transactionOf(p.transaction, 'transaction'), secretKey)
      return { signature: await sendSignedTransaction({ url: rpcUrl, signed, options: p.sendOptions }) }
    }
    default:
      throw new SolanaDevWalletError(4200, `The wallet page does not answer ${method.slice(0, 60)}`)
  }
}
