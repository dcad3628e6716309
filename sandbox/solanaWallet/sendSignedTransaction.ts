import { base58, base64 } from '@scure/base'
import { isRecord } from '../walletStandard/createStandardDevWallet.js'
import { SolanaDevWalletError } from './SolanaDevWalletError.js'

export type SendSignedTransactionParameters = {
  /** The JSON-RPC URL (the sandbox's RPC proxy). */
  url: string
  /** The signed transaction, wire bytes. */
  signed: Uint8Array
  /** `solana:signAndSendTransaction`'s `options` (`preflightCommitment`, `skipPreflight`), as the site gave them. */
  options?: unknown
  fetch?: typeof fetch
}

/**
 * Sends a signed transaction with the RPC's `sendTransaction` (base64), as a wallet's
 * "sign and send" does, and returns its signature (the first signature slot, base58).
 *
 * @throws SolanaDevWalletError with the node's code and message when it refuses the transaction
 * @example
 * const signature = await sendSignedTransaction({ url: rpcUrl, signed })
 */
export async function sendSignedTransaction({ url, signed, options, fetch: fetchFn = (...args) => globalThis.fetch(...args) }: SendSignedTransactionParameters): Promise<string> {
  const config = isRecord(options) ? options : {}
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [base64.encode(signed), { encoding: 'base64', preflightCommitment: typeof config.preflightCommitment === 'string' ? config.preflightCommitment : 'confirmed', skipPreflight: config.skipPreflight === true }],
    }),
    signal: AbortSignal.timeout(30_000),
  })
  const body = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { code?: number; message?: string } } | undefined
  if (!body || body.error || typeof body.result !== 'string') {
    throw new SolanaDevWalletError(typeof body?.error?.code === 'number' ? body.error.code : -32603, body?.error?.message ?? `sendTransaction failed (HTTP ${response.status})`)
  }
  return base58.encode(signed.subarray(1, 65))
}
