import { base58, base64 } from '@scure/base'
import { ProviderRpcError, type Network, type WalletRequest } from '../../../kernel/kernel.js'
import type { Wallet, WalletAccount } from '../discovery/WalletStandardTypes.js'
import { SolanaWalletFeatureError } from '../errors.js'
import { callWallet } from '../utils/callWallet.js'
import { readSolanaTransaction } from '../utils/readSolanaTransaction.js'
import { toWalletStandardChain } from '../utils/toWalletStandardChain.js'
import { callSolanaRpc } from './callSolanaRpc.js'

export type AnswerSolanaWalletRequestParameters = {
  request: WalletRequest
  wallet: Wallet
  account: WalletAccount
  /** The request's network (for `sendTransaction` when the wallet cannot send). */
  network: Network
  fetch?: typeof fetch | undefined
}

/** The solana methods the plugin answers for the Wallet Standard wallets it holds. */
export const solanaWalletRequestMethods = ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'] as const

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const invalidParams = (message: string) => new ProviderRpcError({ code: -32602, message })

function transactionBytes(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || value.length > 2000) throw invalidParams(`${what} must be a base64 transaction`)
  try {
    return base64.decode(value)
  } catch {
    throw invalidParams(`${what} must be a base64 transaction`)
  }
}

/** The account's signature in a signed transaction (base58), the slot of the key the wallet signed with. */
function accountSignature(signed: Uint8Array, account: WalletAccount): string {
  let tx
  try {
    tx = readSolanaTransaction(signed)
  } catch (error) {
    throw new ProviderRpcError({ code: -32603, message: `The wallet returned a signed transaction that does not read: ${(error as Error).message}` })
  }
  const slot = tx.signers.indexOf(account.address)
  if (slot < 0) throw new ProviderRpcError({ code: -32603, message: `The wallet returned a transaction ${account.address} does not sign` })
  return base58.encode(tx.signatures[slot]!)
}

/** The send options a dapp gave (`sendOptions`), the ones the node's `sendTransaction` and Wallet Standard both know. */
function sendOptionsOf(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { preflightCommitment: 'confirmed' }
  if (!isRecord(value)) return out
  if (typeof value.preflightCommitment === 'string') out.preflightCommitment = value.preflightCommitment
  if (typeof value.skipPreflight === 'boolean') out.skipPreflight = value.skipPreflight
  if (typeof value.maxRetries === 'number') out.maxRetries = value.maxRetries
  if (typeof value.minContextSlot === 'number') out.minContextSlot = value.minContextSlot
  return out
}

const featureOf = (wallet: Wallet, name: string, method: string) => {
  const fn = (wallet.features as Record<string, Record<string, unknown> | undefined>)[name]?.[method]
  return typeof fn === 'function' ? (fn as (...inputs: unknown[]) => Promise<unknown>) : undefined
}

/**
 * Answers a request in WalletConnect's solana vocabulary (what the signer sends over every
 * connector) for a Wallet Standard wallet the plugin holds, through the wallet's own features:
 * `solana_signMessage { message: base58, pubkey }` → `{ signature }` (`solana:signMessage`);
 * `solana_signTransaction { transaction: base64 }` → `{ signature, transaction }` and
 * `solana_signAllTransactions { transactions }` → `{ transactions }` (`solana:signTransaction`, all in
 * one call); `solana_signAndSendTransaction { transaction, sendOptions? }` → `{ signature }`
 * (`solana:signAndSendTransaction` with the request's Wallet Standard chain, else signed and sent
 * with the node's `sendTransaction`). A refusal keeps the wallet's code (no reason at all is 4001).
 *
 * @returns the answer, as a WalletConnect wallet gives it
 * @throws ProviderRpcError -32602 for malformed params, 4200 for another method; the wallet's error; SolanaWalletFeatureError; SolanaRpcRequestError with the node's reason
 * @example
 * await answerSolanaWalletRequest({ request, wallet, account, network })
 */
export async function answerSolanaWalletRequest({ request, wallet, account, network, fetch: fetchFn }: AnswerSolanaWalletRequestParameters): Promise<unknown> {
  const params = isRecord(request.params) ? request.params : {}
  const chain = toWalletStandardChain(request.chainId)
  const signTransaction = featureOf(wallet, 'solana:signTransaction', 'signTransaction')
  const signWith = async (transactions: Uint8Array[]): Promise<Uint8Array[]> => {
    if (!signTransaction) throw new SolanaWalletFeatureError({ feature: 'solana:signTransaction', wallet: wallet.name })
    const outputs = await callWallet(() => signTransaction(...transactions.map((transaction) => ({ account, transaction, ...(chain ? { chain } : {}) }))))
    if (!Array.isArray(outputs) || outputs.length !== transactions.length) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned no signed transaction' })
    return outputs.map((output: unknown) => {
      const signed = isRecord(output) ? output.signedTransaction : undefined
      if (!(signed instanceof Uint8Array)) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signed transaction' })
      return signed
    })
  }
  switch (request.method) {
    case 'solana_signMessage': {
      const { message, pubkey } = params
      if (typeof message !== 'string' || message.length === 0 || message.length > 4096 || !/^[1-9A-HJ-NP-Za-km-z]+$/.test(message)) throw invalidParams('Expected { message: base58, pubkey }')
      if (pubkey !== undefined && pubkey !== account.address) throw invalidParams(`pubkey must be the connected account ${account.address}`)
      const feature = featureOf(wallet, 'solana:signMessage', 'signMessage')
      if (!feature) throw new SolanaWalletFeatureError({ feature: 'solana:signMessage', wallet: wallet.name })
      const outputs = await callWallet(() => feature({ account, message: base58.decode(message) }))
      const signature = Array.isArray(outputs) && isRecord(outputs[0]) ? outputs[0].signature : undefined
      if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid signature' })
      return { signature: base58.encode(signature) }
    }
    case 'solana_signTransaction': {
      const [signed] = await signWith([transactionBytes(params.transaction, 'transaction')])
      return { signature: accountSignature(signed!, account), transaction: base64.encode(signed!) }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = params
      if (!Array.isArray(transactions) || transactions.length === 0 || transactions.length > 64) throw invalidParams('Expected { transactions: base64[] } of 1 to 64')
      const signed = await signWith(transactions.map((t, i) => transactionBytes(t, `transactions[${i}]`)))
      return { transactions: signed.map((bytes) => base64.encode(bytes)) }
    }
    case 'solana_signAndSendTransaction': {
      const transaction = transactionBytes(params.transaction, 'transaction')
      const options = sendOptionsOf(params.sendOptions)
      const signAndSend = featureOf(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction')
      if (signAndSend && chain) {
        const outputs = await callWallet(() => signAndSend({ account, chain, transaction, options }))
        const signature = Array.isArray(outputs) && isRecord(outputs[0]) ? outputs[0].signature : undefined
        if (!(signature instanceof Uint8Array) || signature.length !== 64) throw new ProviderRpcError({ code: -32603, message: 'The wallet returned an invalid transaction signature' })
        return { signature: base58.encode(signature) }
      }
      const [signed] = await signWith([transaction])
      const sent = await callSolanaRpc<unknown>({ network, method: 'sendTransaction', params: [base64.encode(signed!), { encoding: 'base64', ...options }], fetch: fetchFn })
      if (typeof sent !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(sent)) throw new ProviderRpcError({ code: -32603, message: 'The node answered sendTransaction without a signature' })
      return { signature: sent }
    }
    default:
      throw new ProviderRpcError({ code: 4200, message: `The solana plugin does not carry ${String(request.method).slice(0, 60)} to ${wallet.name}` })
  }
}
