/** Calls one Solana JSON-RPC method (the caller binds the network). */
export type SolanaRpc = <T>(method: string, params: unknown[]) => Promise<T>

/** Where a signature stands: `confirmed` (or finalized), `failed` with the chain's error, or still `pending` at the deadline. */
export type SignatureOutcome = { status: 'confirmed' } | { status: 'failed'; err: unknown } | { status: 'pending' }

/**
 * Polls `getSignatureStatuses` (250 ms, doubling up to 2 s) until the signature is confirmed or
 * failed, or `timeoutMs` has passed.
 *
 * @example
 * await waitForSignature(signature, 60_000, rpc) // { status: 'confirmed' }
 */
export async function waitForSignature(signature: string, timeoutMs: number, rpc: SolanaRpc): Promise<SignatureOutcome> {
  const deadline = Date.now() + timeoutMs
  for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
    const answer = await rpc<{ value?: unknown[] }>('getSignatureStatuses', [[signature], { searchTransactionHistory: false }])
    const status = (Array.isArray(answer?.value) ? answer.value[0] : undefined) as { err?: unknown; confirmationStatus?: unknown } | null | undefined
    if (status) {
      if (status.err !== null && status.err !== undefined) return { status: 'failed', err: status.err }
      if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') return { status: 'confirmed' }
    }
    if (Date.now() + delay > deadline) return { status: 'pending' }
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}
