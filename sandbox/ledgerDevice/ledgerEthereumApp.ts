import { secp256k1 } from '@noble/curves/secp256k1.js'
import { concatBytes, keccak256, toBytes } from 'viem'

import { type LedgerApp, type LedgerAppContext, ledgerAnswer, ledgerStatus, readLedgerPath } from './ledgerApdu.js'
import { describeEthereumTransaction, ethereumTransactionLength, readEthereumTransaction } from './readEthereumTransaction.js'

/** The Ethereum app's version the emulator reports (`E0 06`, `B0 01`). */
export const ledgerEthereumAppVersion = [1, 17, 0] as const

/** P1 of a first chunk / a following chunk (`E0 04`, `E0 08`). */
const firstChunk = 0x00
const followingChunk = 0x80
/** Largest message or transaction the emulated app buffers. */
const maxPayload = 64 * 1024

function signature(hash: Uint8Array, privateKey: Uint8Array): { recovery: number; rs: Uint8Array } {
  const sig = secp256k1.sign(hash, privateKey)
  return { recovery: sig.recovery, rs: sig.toCompactRawBytes() }
}

const printable = (bytes: Uint8Array): string => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  return /^[\x20-\x7e\n\t\u00a0-\uffff]*$/.test(text) && !text.includes('\ufffd') ? text : `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The emulated Ethereum app (after Ledger's app-ethereum, doc/ethapp.adoc): `E0 06` configuration,
 * `E0 02` address, `E0 04` transaction (chunked; the end read from the RLP header), `E0 08` personal
 * message (chunked: path ‖ u32 length ‖ data), `E0 0C` EIP-712 hashed (path ‖ domain hash ‖ message hash).
 *
 * @example
 * const app = createLedgerEthereumApp()
 * await app.handle({ cla: 0xe0, ins: 0x06, p1: 0, p2: 0, data: new Uint8Array() }, context) // [0x01, 1, 17, 0, 0x90, 0x00]
 */
export function createLedgerEthereumApp(): LedgerApp {
  /** A chunked command under way. */
  let pending: { ins: 0x04 | 0x08; path: string; indexes: number[]; bytes: Uint8Array[]; received: number; expected: number | undefined } | undefined

  const version = ledgerEthereumAppVersion.join('.')

  async function finishTransaction(context: LedgerAppContext, job: NonNullable<typeof pending>): Promise<Uint8Array> {
    const raw = concatBytes(job.bytes)
    let summary
    try {
      summary = readEthereumTransaction(raw)
    } catch {
      return ledgerAnswer(ledgerStatus.invalidData)
    }
    // Blind signing off: a transaction with calldata the app cannot show is refused with 6A80.
    if (summary.data.length > 2 && !context.blindSigning()) return ledgerAnswer(ledgerStatus.invalidData)
    const approved = await context.confirm({ app: 'Ethereum', action: 'signTransaction', path: job.path, screen: describeEthereumTransaction(summary) })
    if (!approved) return ledgerAnswer(ledgerStatus.refused)
    const { recovery, rs } = signature(toBytes(keccak256(raw)), context.keys.evm(job.indexes).privateKey)
    // Typed: v is the parity. Legacy: the low byte of chainId·2+35+parity (EIP-155), or 27+parity before it.
    const v = summary.type !== 'legacy' ? recovery : summary.chainId === undefined ? 27 + recovery : Number((summary.chainId * 2n + 35n + BigInt(recovery)) & 0xffn)
    return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([v, ...rs]))
  }

  async function finishMessage(context: LedgerAppContext, job: NonNullable<typeof pending>): Promise<Uint8Array> {
    const message = concatBytes(job.bytes)
    const approved = await context.confirm({ app: 'Ethereum', action: 'signPersonalMessage', path: job.path, screen: `Sign message · ${printable(message)}` })
    if (!approved) return ledgerAnswer(ledgerStatus.refused)
    const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${message.length}`)
    const { recovery, rs } = signature(toBytes(keccak256(concatBytes([prefix, message]))), context.keys.evm(job.indexes).privateKey)
    return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([27 + recovery, ...rs]))
  }

  /** Adds one chunk of `E0 04` / `E0 08`; answers 9000 with no data while more is expected. */
  async function chunk(ins: 0x04 | 0x08, p1: number, data: Uint8Array, context: LedgerAppContext): Promise<Uint8Array> {
    if (p1 === firstChunk) {
      pending = undefined
      const path = readLedgerPath(data, 0)
      if (!path) return ledgerAnswer(ledgerStatus.invalidData)
      let rest = data.subarray(path.next)
      let expected: number | undefined
      if (ins === 0x08) {
        if (rest.length < 4) return ledgerAnswer(ledgerStatus.invalidData)
        expected = new DataView(rest.buffer, rest.byteOffset, 4).getUint32(0)
        rest = rest.subarray(4)
        if (expected > maxPayload) return ledgerAnswer(ledgerStatus.invalidData)
      } else if (rest.length === 0) return ledgerAnswer(ledgerStatus.invalidData)
      pending = { ins, path: path.path, indexes: path.indexes, bytes: [rest.slice()], received: rest.length, expected }
    } else if (p1 === followingChunk) {
      if (!pending || pending.ins !== ins) {
        pending = undefined
        return ledgerAnswer(ledgerStatus.invalidData)
      }
      pending.bytes.push(data.slice())
      pending.received += data.length
    } else {
      pending = undefined
      return ledgerAnswer(ledgerStatus.invalidParameters)
    }
    const job = pending
    if (job.received > maxPayload) {
      pending = undefined
      return ledgerAnswer(ledgerStatus.invalidData)
    }
    if (ins === 0x04 && job.expected === undefined) {
      const length = ethereumTransactionLength(concatBytes(job.bytes))
      if (length === null) {
        pending = undefined
        return ledgerAnswer(ledgerStatus.invalidData)
      }
      job.expected = length
    }
    if (job.expected === undefined || job.received < job.expected) return ledgerAnswer(ledgerStatus.ok)
    pending = undefined
    if (job.received > job.expected) return ledgerAnswer(ledgerStatus.invalidData)
    return ins === 0x04 ? finishTransaction(context, job) : finishMessage(context, job)
  }

  return {
    name: 'Ethereum',
    version,
    reset() {
      pending = undefined
    },
    async handle({ ins, p1, p2, data }, context) {
      switch (ins) {
        case 0x06:
          // Flags: bit 0 "blind signing" (arbitrary data) enabled; then major, minor, patch.
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([context.blindSigning() ? 0x01 : 0x00, ...ledgerEthereumAppVersion]))
        case 0x02: {
          if (p1 > 1 || p2 > 1) return ledgerAnswer(ledgerStatus.invalidParameters)
          const path = readLedgerPath(data, 0)
          // An optional 8-byte chain id may follow the path.
          if (!path || (data.length !== path.next && data.length !== path.next + 8)) return ledgerAnswer(ledgerStatus.invalidData)
          const key = context.keys.evm(path.indexes)
          if (p1 === 1 && !(await context.confirm({ app: 'Ethereum', action: 'verifyAddress', path: path.path, screen: `Verify address · ${key.address}` }))) {
            return ledgerAnswer(ledgerStatus.refused)
          }
          const ascii = new TextEncoder().encode(key.address.slice(2))
          // With P2 = 1 the chain code follows (the device's BIP-32 node); the emulator answers zeros
          // of the right length for it is not used to derive anything here.
          const chainCode = p2 === 1 ? new Uint8Array(32) : new Uint8Array(0)
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([key.publicKey.length, ...key.publicKey, ascii.length, ...ascii, ...chainCode]))
        }
        case 0x04:
          if (p2 !== 0) return ledgerAnswer(ledgerStatus.invalidParameters)
          return chunk(0x04, p1, data, context)
        case 0x08:
          if (p2 !== 0) return ledgerAnswer(ledgerStatus.invalidParameters)
          return chunk(0x08, p1, data, context)
        case 0x0c: {
          // P2 0 = the hashed v0 implementation; the full EIP-712 flow (P2 1, E0 1A/1C) is not emulated.
          if (p1 !== 0 || p2 !== 0) return ledgerAnswer(ledgerStatus.invalidParameters)
          const path = readLedgerPath(data, 0)
          if (!path || data.length !== path.next + 64) return ledgerAnswer(ledgerStatus.invalidData)
          const domain = data.slice(path.next, path.next + 32)
          const message = data.slice(path.next + 32)
          const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
          const approved = await context.confirm({ app: 'Ethereum', action: 'signTypedData', path: path.path, screen: `Sign typed data · Domain hash 0x${hex(domain).slice(0, 8)}… · Message hash 0x${hex(message).slice(0, 8)}…` })
          if (!approved) return ledgerAnswer(ledgerStatus.refused)
          const { recovery, rs } = signature(toBytes(keccak256(concatBytes([Uint8Array.from([0x19, 0x01]), domain, message]))), context.keys.evm(path.indexes).privateKey)
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([27 + recovery, ...rs]))
        }
        default:
          return ledgerAnswer(ledgerStatus.unknownInstruction)
      }
    },
  }
}
