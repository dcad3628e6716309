import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { FrameFailure, invalidParams } from '../errors.js'
import { isRecord } from '../utils/isRecord.js'
import { readSolanaTransaction, solanaMessageOf, withSignature } from './solanaTransaction.js'
import type { SignerContext } from './SignerContext.js'

/** The solana methods the frame answers (the WalletConnect solana namespace). */
export const solanaMethods = ['solana_getAccounts', 'solana_requestAccounts', 'solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const

function paramsRecord(context: SignerContext): Record<string, unknown> {
  if (!isRecord(context.params)) throw invalidParams(`${context.method} expects an object`)
  return context.params
}

function ownPubkey(context: SignerContext, pubkey: unknown): void {
  if (pubkey !== undefined && pubkey !== context.accounts.solana) throw invalidParams(`pubkey must be the wallet's account ${context.accounts.solana}`)
}

let rpcId = 0

/** `sendTransaction` through the server's RPC proxy; answers the signature the node returns. */
async function sendRaw(context: SignerContext, bytes: Uint8Array, options: Record<string, unknown>): Promise<string> {
  let body: unknown
  try {
    const response = await context.fetch(context.rpcUrl(context.chainId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method: 'sendTransaction', params: [base64.encode(bytes), { ...options, encoding: 'base64' }] }),
    })
    body = await response.json()
  } catch (cause) {
    throw new FrameFailure('SERVER_ERROR', 'The solana node cannot be reached', { cause })
  }
  if (isRecord(body) && isRecord(body.error)) {
    const message = typeof body.error.message === 'string' ? body.error.message.slice(0, 200) : 'unknown error'
    throw new FrameFailure('SERVER_ERROR', `The transaction was not accepted: ${message}`)
  }
  if (!isRecord(body) || typeof body.result !== 'string') throw new FrameFailure('SERVER_ERROR', 'The solana node answered sendTransaction without a signature')
  return body.result
}

/** The send options a dapp may pass on (`skipPreflight`, `preflightCommitment`, `maxRetries`, `minContextSlot`). */
function sendOptionsOf(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {}
  const out: Record<string, unknown> = {}
  if (typeof value.skipPreflight === 'boolean') out.skipPreflight = value.skipPreflight
  if (typeof value.preflightCommitment === 'string') out.preflightCommitment = value.preflightCommitment
  if (typeof value.maxRetries === 'number') out.maxRetries = value.maxRetries
  if (typeof value.minContextSlot === 'number') out.minContextSlot = value.minContextSlot
  return out
}

/**
 * Answers one solana wallet request in WalletConnect's solana shapes:
 * `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`;
 * `solana_signTransaction` `{ transaction: base64|base58 }` → `{ signature, transaction }` (the
 * signed transaction in the encoding it came in); `solana_signAndSendTransaction`
 * `{ transaction, sendOptions? }` → `{ signature }`, sent through the server's RPC proxy.
 *
 * @example
 * await answerSolanaRequest({ ...context, method: 'solana_signMessage', params: { message, pubkey } })
 */
export async function answerSolanaRequest(context: SignerContext): Promise<unknown> {
  switch (context.method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: context.accounts.solana }]
    case 'solana_signMessage': {
      const { message, pubkey } = paramsRecord(context)
      ownPubkey(context, pubkey)
      if (typeof message !== 'string' || message.length > 100_000) throw invalidParams('solana_signMessage expects { message: base58, pubkey }')
      let bytes: Uint8Array
      try {
        bytes = base58.decode(message)
      } catch {
        throw invalidParams('solana_signMessage: the message must be base58')
      }
      return context.withKeys(async (keys) => ({ signature: base58.encode(ed25519.sign(bytes, keys.solana.privateKey)) }))
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const params = paramsRecord(context)
      const tx = readSolanaTransaction(params.transaction)
      const signed = await context.withKeys(async (keys) => {
        const signature = ed25519.sign(solanaMessageOf(tx), keys.solana.privateKey)
        return { signature: base58.encode(signature), ...withSignature(tx, keys.solana.publicKey, signature) }
      })
      if (context.method === 'solana_signTransaction') return { signature: signed.signature, transaction: signed.transaction }
      const sent = await sendRaw(context, signed.bytes, sendOptionsOf(params.sendOptions))
      return { signature: sent }
    }
    default:
      throw new FrameFailure('UNSUPPORTED_METHOD', `The wallet does not answer ${context.method}`)
  }
}
