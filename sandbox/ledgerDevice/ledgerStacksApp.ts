import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256, sha512_256 } from '@noble/hashes/sha2.js'
import { PayloadType, deserializeTransaction } from '@stacks/transactions'

import { encodeStacksAddress } from '../../plugins/stacks/server/index.js'
import { type LedgerApp, type LedgerAppContext, ledgerAnswer, ledgerStatus } from './ledgerApdu.js'
import { formatLedgerPath, type LedgerDeviceKeys } from './ledgerDeviceKeys.js'

/** The Stacks app's version the emulator reports (`09 00`, `B0 01`). */
export const ledgerStacksAppVersion = [0, 27, 0] as const

/** The app's class byte (Zondax ledger-stacks docs/APDUSPEC.md: every command is `09 …`). */
const cla = 0x09
/** Its instructions (docs/APDUSPEC.md). */
const ins = { getVersion: 0x00, getAddress: 0x01, sign: 0x02 } as const
/** The chunk types of a signing command, in P1: the first chunk (the path), more data, the last data. */
const chunk = { init: 0x00, add: 0x01, last: 0x02 } as const
/** Zondax apps' "data is invalid" status (their common error list): a blob the app cannot parse. */
const dataInvalid = 0x6984
/** A refusal on the device: Zondax's apps answer "command not allowed" (docs/APDUSPEC.md's `6986`), not `6985`. */
const refused = 0x6986
/** The most the emulated app buffers (a token transfer is under 200 bytes; the real app's buffer is a few KiB). */
const maxBlob = 8192
/** What the app signs as a message rather than a transaction: the Stacks message prefix. */
const messagePrefix = new TextEncoder().encode('\x17Stacks Signed Message:\n')

/** A Stacks key of the device: secp256k1 by BIP-32 at the path, its compressed public key and hash160. */
export type LedgerStacksKey = { privateKey: Uint8Array; publicKey: Uint8Array; hash160: Uint8Array }

/**
 * The device's Stacks key at a path: BIP-32 secp256k1 (the same derivation as the Ethereum app's),
 * the public key compressed as the Stacks app answers it.
 *
 * @example
 * ledgerStacksKey(keys, [0x8000002c, 0x8000167d, 0x80000000, 0, 0]).hash160
 */
export function ledgerStacksKey(keys: LedgerDeviceKeys, path: readonly number[]): LedgerStacksKey {
  const { privateKey } = keys.evm(path)
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  return { privateKey, publicKey, hash160: ripemd160(sha256(publicKey)) }
}

/**
 * The testnet (`ST…`, version 26) or mainnet (`SP…`, 22) single-signature address of the device's key at a path.
 *
 * @example
 * ledgerStacksAddress(keys, path, 26) // 'ST…'
 */
export function ledgerStacksAddress(keys: LedgerDeviceKeys, path: readonly number[], version = 26): string {
  return encodeStacksAddress(version, ledgerStacksKey(keys, path).hash160)
}

/** A path as the Zondax apps send it: five levels, each a little-endian u32. */
function readZondaxPath(data: Uint8Array): number[] | undefined {
  if (data.length !== 20) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return [0, 1, 2, 3, 4].map((i) => view.getUint32(i * 4, true))
}

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b)

/**
 * The digest the app signs for a single-signature standard transaction (SIP-005): the initial
 * sighash is sha512/256 of the transaction with the origin's nonce, fee and signature cleared; the
 * pre-sign hash is sha512/256(initial ‖ auth type ‖ fee ‖ nonce). Anything else (sponsored, multi-sig) is undefined.
 */
function presignHash(raw: Uint8Array): Uint8Array | undefined {
  // version(1) chain id(4) auth type(1) hash mode(1) signer(20) nonce(8) fee(8) key encoding(1) signature(65)
  if (raw.length < 109 || raw[5] !== 0x04 || raw[6] !== 0x00) return undefined
  const cleared = raw.slice()
  cleared.fill(0, 27, 43)
  cleared.fill(0, 44, 109)
  const pre = new Uint8Array(49)
  pre.set(sha512_256(cleared), 0)
  pre[32] = 0x04
  pre.set(raw.subarray(35, 43), 33)
  pre.set(raw.subarray(27, 35), 41)
  return sha512_256(pre)
}

/** What the device shows for a transaction: a token transfer's amount and recipient, else its kind. */
function describeTransaction(raw: Uint8Array): string | undefined {
  try {
    const tx = deserializeTransaction(raw)
    const payload = tx.payload
    if (payload.payloadType === PayloadType.TokenTransfer) {
      return `Send ${Number(payload.amount) / 1e6} STX to ${String(payload.recipient.value)} · fee ${Number(tx.auth.spendingCondition.fee) / 1e6} STX · nonce ${tx.auth.spendingCondition.nonce}`
    }
    return `Sign transaction (payload type ${payload.payloadType})`
  } catch {
    return undefined
  }
}

/**
 * The emulated Stacks app, after Zondax's ledger-stacks (docs/APDUSPEC.md, class `09`):
 * `00` GET_VERSION (test mode, major, minor, patch, locked); `01` GET_ADDR_SECP256K1 (P1 1 shows
 * it, P2 the c32 version byte; the path is five little-endian u32) answering the compressed public
 * key (33) and the c32 address as text, as `@zondax/ledger-stacks` reads it; `02` SIGN_SECP256K1 in
 * chunks (P1 0 the path, 1 more data, 2 the last), whose blob is either a message (it starts with
 * `\x17Stacks Signed Message:\n`; its sha256 is signed) or a serialized single-signature
 * transaction (its SIP-005 pre-sign hash is signed), answering the signed hash (32), the compact
 * signature r ‖ s ‖ v (65) and the DER signature. SIP-018 structured data (`SIP018…`) and JWTs
 * are not emulated (`6984`).
 *
 * @example
 * const app = createLedgerStacksApp()
 * await app.handle({ cla: 0x09, ins: 0x00, p1: 0, p2: 0, data: new Uint8Array() }, context) // [0, 0, 27, 0, 0, 0x90, 0x00]
 */
export function createLedgerStacksApp(): LedgerApp {
  let pending: { path: number[]; chunks: Uint8Array[]; length: number } | undefined

  async function sign(path: number[], blob: Uint8Array, context: LedgerAppContext): Promise<Uint8Array> {
    const text = formatLedgerPath(path)
    let digest: Uint8Array | undefined
    let screen: string | undefined
    if (startsWith(blob, messagePrefix)) {
      digest = sha256(blob)
      // prefix ‖ varint length ‖ message: the message is what follows the length (1, 3 or 5 bytes).
      const first = blob[messagePrefix.length] ?? 0
      const skip = first < 0xfd ? 1 : first === 0xfd ? 3 : 5
      screen = `Sign message · ${new TextDecoder().decode(blob.subarray(messagePrefix.length + skip))}`
    } else {
      digest = presignHash(blob)
      screen = digest && describeTransaction(blob)
    }
    if (!digest || !screen) return ledgerAnswer(dataInvalid)
    const approved = await context.confirm({ app: 'Stacks', action: screen.startsWith('Sign message') ? 'signMessage' : 'signTransaction', path: text, screen })
    if (!approved) return ledgerAnswer(refused)
    const key = ledgerStacksKey(context.keys, path)
    const signature = secp256k1.sign(digest, key.privateKey)
    const compact = Uint8Array.from([...signature.toCompactRawBytes(), signature.recovery])
    const der = signature.toDERRawBytes()
    return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([...digest, ...compact, ...der]))
  }

  return {
    name: 'Stacks',
    version: ledgerStacksAppVersion.join('.'),
    cla,
    reset() {
      pending = undefined
    },
    async handle({ ins: instruction, p1, p2, data }, context) {
      switch (instruction) {
        case ins.getVersion:
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([0, ...ledgerStacksAppVersion, 0]))
        case ins.getAddress: {
          if (p1 > 1 || ![22, 26].includes(p2)) return ledgerAnswer(ledgerStatus.invalidParameters)
          const path = readZondaxPath(data)
          if (!path) return ledgerAnswer(dataInvalid)
          const key = ledgerStacksKey(context.keys, path)
          const address = encodeStacksAddress(p2, key.hash160)
          if (p1 === 1 && !(await context.confirm({ app: 'Stacks', action: 'verifyAddress', path: formatLedgerPath(path), screen: `Verify address · ${address}` }))) {
            return ledgerAnswer(refused)
          }
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([...key.publicKey, ...new TextEncoder().encode(address)]))
        }
        case ins.sign: {
          if (p1 === chunk.init) {
            const path = readZondaxPath(data)
            pending = path ? { path, chunks: [], length: 0 } : undefined
            return ledgerAnswer(path ? ledgerStatus.ok : dataInvalid)
          }
          if ((p1 !== chunk.add && p1 !== chunk.last) || !pending) {
            pending = undefined
            return ledgerAnswer(p1 > chunk.last ? ledgerStatus.invalidParameters : dataInvalid)
          }
          pending.chunks.push(data.slice())
          pending.length += data.length
          if (pending.length > maxBlob) {
            pending = undefined
            return ledgerAnswer(dataInvalid)
          }
          if (p1 === chunk.add) return ledgerAnswer(ledgerStatus.ok)
          const { path, chunks } = pending
          pending = undefined
          const blob = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
          chunks.reduce((at, c) => (blob.set(c, at), at + c.length), 0)
          return sign(path, blob, context)
        }
        default:
          return ledgerAnswer(ledgerStatus.unknownInstruction)
      }
    },
  }
}
