import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { FrameFailure } from '../errors.js'
import type { ApprovalModel } from './ApprovalModel.js'

/** What the approval screen is asked to show: the model, bound to one request id and the hash of its exact payload. */
export type ApprovalPrompt = { requestId: string; payloadHash: string; model: ApprovalModel }

/** The screen's answer: approved for one request id and payload hash, or rejected. */
export type ApprovalDecision = { approved: true; requestId: string; payloadHash: string } | { approved: false }

/**
 * Shows a prompt and answers the visitor's decision; `close()` takes the screen away (the site
 * cancelled, or the session ended). The frame's browser entry passes the DOM screen
 * (`createScreenApprover`); Node tests pass their own.
 */
export type Approver = (prompt: ApprovalPrompt) => { decision: Promise<ApprovalDecision>; close(): void }

/** The payload a signature is bound to: the chain, the method and the exact params. */
export type ApprovalPayload = { chainId: string; method: string; params: unknown }

/**
 * The hash an approval is bound to: SHA-256 over the JSON of `{ chainId, method, params }` (the
 * frame's own copy of the request, which nothing outside the frame can change).
 *
 * @example
 * payloadHash({ chainId: 'eip155:1', method: 'personal_sign', params: ['0x68', address] })
 */
export function payloadHash(payload: ApprovalPayload): string {
  return bytesToHex(sha256(new TextEncoder().encode(JSON.stringify([payload.chainId, payload.method, payload.params ?? null]))))
}

/**
 * The frame's approval gate (docs/guides/embedded-wallet.md §3.1): one prompt at a time; each gets
 * a fresh random request id and its payload's hash; an approval releases exactly one signature of
 * exactly that payload (its id is spent, a different hash is refused) and a rejection, a cancel
 * or a mismatch answers `USER_REJECTED` (the site's 4001).
 *
 * @example
 * const gate = createApprovalGate({ approver, random, onChange: (pending) => emit(...) })
 * await gate.approve(payload, model) // throws USER_REJECTED unless the visitor approved
 */
export function createApprovalGate({ approver, random, onChange }: { approver: Approver | undefined; random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array; onChange: (pending: ApprovalModel['kind'] | undefined) => void }) {
  const spent = new Set<string>()
  let current: { close(): void; cancel(): void } | undefined
  let queue: Promise<unknown> = Promise.resolve()

  async function ask(payload: ApprovalPayload, model: ApprovalModel): Promise<void> {
    if (!approver) throw new FrameFailure('USER_REJECTED', 'This wallet frame cannot show its approval screen, so it signs nothing')
    const requestId = bytesToHex(random(new Uint8Array(16)))
    const hash = payloadHash(payload)
    const shown = approver({ requestId, payloadHash: hash, model })
    let cancel!: () => void
    const cancelled = new Promise<ApprovalDecision>((resolve) => {
      cancel = () => resolve({ approved: false })
    })
    current = { close: shown.close, cancel }
    onChange(model.kind)
    let decision: ApprovalDecision
    try {
      decision = await Promise.race([shown.decision, cancelled])
    } catch {
      decision = { approved: false }
    } finally {
      current = undefined
      shown.close()
      onChange(undefined)
    }
    if (!decision.approved) throw new FrameFailure('USER_REJECTED', 'The visitor rejected the request')
    // Bound to this prompt only: another id, a spent one or a changed payload signs nothing.
    if (decision.requestId !== requestId || spent.has(requestId) || decision.payloadHash !== payloadHash(payload)) {
      throw new FrameFailure('USER_REJECTED', 'The approval does not match this request')
    }
    spent.add(requestId)
  }

  return {
    /** Waits for the visitor's approval of `payload` (after any prompt before it); throws USER_REJECTED otherwise. */
    approve(payload: ApprovalPayload, model: ApprovalModel): Promise<void> {
      const next = queue.then(
        () => ask(payload, model),
        () => ask(payload, model),
      )
      queue = next.catch(() => undefined)
      return next
    },
    /** Rejects the prompt on screen (the site closed its modal, or the visitor logged out). */
    cancel(): void {
      current?.cancel()
    },
  }
}

export type ApprovalGate = ReturnType<typeof createApprovalGate>
