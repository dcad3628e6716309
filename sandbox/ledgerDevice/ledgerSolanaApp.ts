import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'

import { type LedgerApp, type LedgerAppContext, ledgerAnswer, ledgerStatus, readLedgerPath } from './ledgerApdu.js'
import { describeSolanaMessage, isClearSolanaMessage, readSolanaMessage } from './readSolanaMessage.js'

/** The Solana app's version the emulator reports (`E0 04`, `B0 01`). */
export const ledgerSolanaAppVersion = [1, 10, 2] as const

/** P2 flags of a chunked payload (app-solana doc/api.md): more chunks follow / this chunk extends the previous. */
const p2More = 0x02
const p2Extend = 0x01
/** Largest payload the emulated app buffers (a Solana transaction is at most 1232 bytes). */
const maxPayload = 4096
/** The off-chain message's signing domain: 0xff ‖ "solana offchain". */
const offchainDomain = Uint8Array.from([0xff, ...new TextEncoder().encode('solana offchain')])

/** The text of an off-chain message (header v0, either the short or the full layout), else its hex. */
function offchainText(message: Uint8Array): string {
  const hex = () => `0x${[...message].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  if (message.length < offchainDomain.length || !offchainDomain.every((b, i) => message[i] === b)) return new TextDecoder().decode(message)
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength)
  const tail = (lengthAt: number) => {
    if (lengthAt + 2 > message.length) return undefined
    const length = view.getUint16(lengthAt, true)
    return lengthAt + 2 + length === message.length ? new TextDecoder().decode(message.subarray(lengthAt + 2)) : undefined
  }
  // Short layout: domain(16) ‖ version(1) ‖ format(1) ‖ length(2) ‖ text.
  const short = tail(18)
  if (short !== undefined) return short
  // Full layout: domain(16) ‖ version(1) ‖ application domain(32) ‖ format(1) ‖ signer count(1) ‖ signers(32·n) ‖ length(2) ‖ text.
  const signers = message[50]
  return (signers !== undefined && tail(51 + signers * 32)) || hex()
}

/**
 * The emulated Solana app (after Ledger's app-solana, doc/api.md): `E0 04` configuration, `E0 05`
 * public key, `E0 06` sign a transaction message and `E0 07` sign an off-chain message, both as
 * `signer count(1) ‖ path ‖ payload`, chunked by the P2 flags (0x02 more follows, 0x01 extends).
 *
 * @example
 * const app = createLedgerSolanaApp()
 * await app.handle({ cla: 0xe0, ins: 0x04, p1: 0, p2: 0, data: new Uint8Array() }, context) // [1, 0, 1, 10, 2, 0x90, 0x00]
 */
export function createLedgerSolanaApp(): LedgerApp {
  let pending: { ins: number; chunks: Uint8Array[]; length: number } | undefined

  async function sign(ins: 0x06 | 0x07, payload: Uint8Array, context: LedgerAppContext): Promise<Uint8Array> {
    if (payload[0] !== 1) return ledgerAnswer(ledgerStatus.invalidData)
    const path = readLedgerPath(payload, 1)
    if (!path || path.indexes.some((i) => i < 0x8000_0000)) return ledgerAnswer(ledgerStatus.invalidData)
    const message = payload.slice(path.next)
    if (message.length === 0) return ledgerAnswer(ledgerStatus.invalidData)
    let screen: string
    if (ins === 0x06) {
      let summary
      try {
        summary = readSolanaMessage(message)
      } catch {
        return ledgerAnswer(ledgerStatus.invalidData)
      }
      if (!isClearSolanaMessage(summary) && !context.blindSigning()) return ledgerAnswer(ledgerStatus.solanaBlindSigningRequired)
      screen = describeSolanaMessage(summary)
    } else {
      screen = `Sign message · ${offchainText(message)}`
    }
    const approved = await context.confirm({ app: 'Solana', action: ins === 0x06 ? 'signTransaction' : 'signOffchainMessage', path: path.path, screen })
    if (!approved) return ledgerAnswer(ledgerStatus.refused)
    return ledgerAnswer(ledgerStatus.ok, ed25519.sign(message, context.keys.solana(path.indexes).privateKey))
  }

  return {
    name: 'Solana',
    version: ledgerSolanaAppVersion.join('.'),
    reset() {
      pending = undefined
    },
    async handle({ ins, p1, p2, data }, context) {
      switch (ins) {
        case 0x04:
          // blind signing enabled, public key display mode (0 long), major, minor, patch.
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([context.blindSigning() ? 1 : 0, 0, ...ledgerSolanaAppVersion]))
        case 0x05: {
          if (p1 > 1) return ledgerAnswer(ledgerStatus.invalidParameters)
          const path = readLedgerPath(data, 0)
          if (!path || data.length !== path.next || path.indexes.some((i) => i < 0x8000_0000)) return ledgerAnswer(ledgerStatus.invalidData)
          const key = context.keys.solana(path.indexes)
          if (p1 === 1 && !(await context.confirm({ app: 'Solana', action: 'verifyAddress', path: path.path, screen: `Verify address · ${base58.encode(key.publicKey)}` }))) {
            return ledgerAnswer(ledgerStatus.refused)
          }
          return ledgerAnswer(ledgerStatus.ok, key.publicKey)
        }
        case 0x06:
        case 0x07: {
          if (p1 !== 1 || (p2 & ~(p2More | p2Extend)) !== 0) {
            pending = undefined
            return ledgerAnswer(ledgerStatus.invalidParameters)
          }
          if (p2 & p2Extend) {
            if (!pending || pending.ins !== ins) {
              pending = undefined
              return ledgerAnswer(ledgerStatus.invalidData)
            }
          } else pending = { ins, chunks: [], length: 0 }
          pending.chunks.push(data.slice())
          pending.length += data.length
          if (pending.length > maxPayload) {
            pending = undefined
            return ledgerAnswer(ledgerStatus.invalidData)
          }
          if (p2 & p2More) return ledgerAnswer(ledgerStatus.ok)
          const payload = new Uint8Array(pending.length)
          let at = 0
          for (const chunk of pending.chunks) {
            payload.set(chunk, at)
            at += chunk.length
          }
          pending = undefined
          return sign(ins, payload, context)
        }
        default:
          return ledgerAnswer(ledgerStatus.unknownInstruction)
      }
    },
  }
}
