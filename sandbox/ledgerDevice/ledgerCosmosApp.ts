import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64 } from '@scure/base'

import { cosmosAddressOf } from '../cosmos/cosmosAddress.js'
import { cosmosSandboxPrefix } from '../cosmos/cosmosSandboxChain.js'
import { type LedgerApp, type LedgerAppContext, ledgerAnswer, ledgerStatus } from './ledgerApdu.js'
import { formatLedgerPath, type LedgerDeviceKeys } from './ledgerDeviceKeys.js'

/** The Cosmos app's version the emulator reports (`55 00` GET_VERSION, `B0 01`). */
export const ledgerCosmosAppVersion = [2, 38, 1] as const

/** The app's class byte (cosmos/ledger-cosmos docs/APDUSPEC.md: every command is `55 …`). */
const cla = 0x55
/** Its instructions (docs/APDUSPEC.md): GET_VERSION, SIGN_SECP256K1, GET_ADDR_SECP256K1. */
const ins = { getVersion: 0x00, sign: 0x02, getAddress: 0x04 } as const
/** A signing command's chunk, in P1: the first (path and HRP), more data, the last data. */
const chunk = { init: 0x00, add: 0x01, last: 0x02 } as const
/** P2 of SIGN_SECP256K1: the payload's encoding (amino JSON; `1` is SIGN_MODE_TEXTUAL, not emulated). */
const signJson = 0x00
/** The app's own status words (its `apdu_codes`, as `@zondax/ledger-cosmos-js` names them). */
const status = {
  dataInvalid: 0x6984,
  /** A refusal on the device: Zondax's apps answer "command not allowed", not `6985`. */
  refused: 0x6986,
  bufferFull: 0x6988,
  /** A path level above 100 outside expert mode. */
  pathValue: 0x6989,
  hrpLength: 0x698a,
  /** Not `44'/118'/…/0/…` (the emulated app knows coin type 118 only). */
  pathCoin: 0x698b,
} as const
/** The most the emulated app buffers (a bank send is about 400 bytes of JSON). */
const maxBlob = 8192
/** The Nano S Plus target id GET_VERSION ends with. */
const targetId = [0x33, 0x10, 0x00, 0x04]
const hardened = 0x8000_0000

/** A Cosmos key of the device: secp256k1 by BIP-32 at the path, its compressed public key. */
export type LedgerCosmosKey = { privateKey: Uint8Array; publicKey: Uint8Array }

/**
 * The device's Cosmos key at a path: BIP-32 secp256k1 (the same derivation as the Ethereum app's),
 * the public key compressed as the Cosmos app answers it.
 *
 * @example
 * ledgerCosmosKey(keys, [0x8000002c, 0x80000076, 0x80000000, 0, 0]).publicKey.length // 33
 */
export function ledgerCosmosKey(keys: LedgerDeviceKeys, path: readonly number[]): LedgerCosmosKey {
  const { privateKey } = keys.evm(path)
  return { privateKey, publicKey: secp256k1.getPublicKey(privateKey, true) }
}

/**
 * The bech32 address of the device's key at a path under `prefix` (default the sandbox chain's `portico`).
 *
 * @example
 * ledgerCosmosAddress(keys, parseLedgerPath("m/44'/118'/0'/0/1")) // 'portico1…'
 */
export function ledgerCosmosAddress(keys: LedgerDeviceKeys, path: readonly number[], prefix: string = cosmosSandboxPrefix): string {
  return cosmosAddressOf(ledgerCosmosKey(keys, path).publicKey, prefix)
}

/** Five little-endian u32 levels at `offset`, checked as the app's `extractHDPath` does; a status word when refused. */
function readCosmosPath(data: Uint8Array, offset: number): number[] | number {
  if (data.length < offset + 20) return ledgerStatus.wrongLength
  const view = new DataView(data.buffer, data.byteOffset + offset, 20)
  const path = [0, 1, 2, 3, 4].map((i) => view.getUint32(i * 4, true))
  if (path[0] !== hardened + 44 || path[1] !== hardened + 118 || path[3] !== 0) return status.pathCoin
  if (path.slice(2).some((level) => (level & 0x7fff_ffff) > 100)) return status.pathValue
  return path
}

/** `len ‖ hrp` at `offset` (1 to 83 lower-case characters); a status word when refused. */
function readHrp(data: Uint8Array, offset: number): { hrp: string; next: number } | number {
  const length = data[offset]
  if (length === undefined) return status.dataInvalid
  if (length === 0 || length > 83) return status.hrpLength
  if (data.length < offset + 1 + length) return status.dataInvalid
  const hrp = new TextDecoder().decode(data.subarray(offset + 1, offset + 1 + length))
  return /^[\x21-\x7e]+$/.test(hrp) ? { hrp: hrp.toLowerCase(), next: offset + 1 + length } : status.dataInvalid
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whitespace outside strings (the app's `contains_whitespace`). */
function hasWhitespace(text: string): boolean {
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (/\s/.test(c)) return true
  }
  return false
}

/** Every object's keys in byte order (the app's `dictionaries_sorted`). */
function isSorted(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isSorted)
  if (!isRecord(value)) return true
  const keys = Object.keys(value)
  return keys.every((key, i) => i === 0 || (keys[i - 1] as string) <= key) && keys.every((key) => isSorted(value[key]))
}

/** Reads the amino JSON sign doc as the app's `tx_validate` does; its error text when refused. */
function readSignDoc(bytes: Uint8Array): Record<string, unknown> | string {
  let text: string
  let doc: unknown
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    doc = JSON.parse(text)
  } catch {
    return 'JSON string is not valid'
  }
  if (!isRecord(doc)) return 'JSON string is not valid'
  if (hasWhitespace(text)) return 'JSON Contains whitespace in the corpus'
  if (!isSorted(doc)) return 'JSON Dictionaries are not sorted'
  for (const key of ['chain_id', 'sequence', 'fee', 'msgs', 'account_number', 'memo']) if (!(key in doc)) return `JSON Missing ${key}`
  return doc
}

const coins = (value: unknown): string =>
  Array.isArray(value) && value.length > 0 ? value.map((c) => (isRecord(c) ? `${String(c.amount)} ${String(c.denom)}` : '?')).join(', ') : '0'

/** What the device shows for a sign doc: an ADR-036 message's text, a bank send, else the messages' types. */
function describeSignDoc(doc: Record<string, unknown>): { action: string; screen: string } {
  const msgs = Array.isArray(doc.msgs) ? doc.msgs.filter(isRecord) : []
  const first = msgs[0]
  const value = isRecord(first?.value) ? first.value : {}
  if (msgs.length === 1 && first?.type === 'sign/MsgSignData' && typeof value.data === 'string') {
    let message: string
    try {
      message = new TextDecoder('utf-8', { fatal: true }).decode(base64.decode(value.data))
    } catch {
      message = `${value.data.slice(0, 60)} (base64)`
    }
    return { action: 'signMessage', screen: `Sign message · ${message.slice(0, 200)} · Signer ${String(value.signer)}` }
  }
  const fee = isRecord(doc.fee) ? `fee ${coins(doc.fee.amount)} · gas ${String(doc.fee.gas)}` : 'fee ?'
  if (msgs.length === 1 && first?.type === 'cosmos-sdk/MsgSend') {
    return { action: 'signTransaction', screen: `Send ${coins(value.amount)} to ${String(value.to_address)} · ${fee} · chain ${String(doc.chain_id)}` }
  }
  return { action: 'signTransaction', screen: `Sign transaction · ${msgs.map((m) => String(m.type)).join(', ')} · ${fee} · chain ${String(doc.chain_id)}` }
}

/**
 * The emulated Cosmos app, after Zondax's ledger-cosmos (docs/APDUSPEC.md, class `55`): `00`
 * GET_VERSION (test mode, major, minor, patch, locked, target id); `04` GET_ADDR_SECP256K1 (`HRP
 * length ‖ HRP ‖ five little-endian u32`, P1 1 shows it) answering the compressed public key (33)
 * and the bech32 address as text; `02` SIGN_SECP256K1 in chunks (P1 0 the path and an optional
 * HRP, 1 more data, 2 the last; P2 0 amino JSON) whose payload is checked as the app's
 * `tx_validate` does (valid JSON, no whitespace, keys sorted, chain_id, sequence, fee, msgs,
 * account_number and memo present; else `6984` with the reason as text), shown (an ADR-036
 * `sign/MsgSignData` as its message, a `cosmos-sdk/MsgSend` as amount, receiver and fee), and
 * signed as sha256 of the bytes, answered as a DER signature. Paths are `44'/118'/a/0/i` with levels
 * up to 100 (`698B`, `6989` otherwise: no expert mode); a Reject is `6986`. SIGN_MODE_TEXTUAL (P2 1)
 * is not emulated (`6984`).
 *
 * @example
 * const app = createLedgerCosmosApp()
 * await app.handle({ cla: 0x55, ins: 0x00, p1: 0, p2: 0, data: new Uint8Array() }, context) // [0, 2, 38, 1, 0, …target id, 0x90, 0x00]
 */
export function createLedgerCosmosApp(): LedgerApp {
  let pending: { path: number[]; hrp: string; chunks: Uint8Array[]; length: number } | undefined

  async function sign(path: number[], hrp: string, blob: Uint8Array, context: LedgerAppContext): Promise<Uint8Array> {
    const doc = readSignDoc(blob)
    if (typeof doc === 'string') return ledgerAnswer(status.dataInvalid, new TextEncoder().encode(doc))
    const key = ledgerCosmosKey(context.keys, path)
    const { action, screen } = describeSignDoc(doc)
    const approved = await context.confirm({ app: 'Cosmos', action, path: formatLedgerPath(path), screen: `${screen} · From ${cosmosAddressOf(key.publicKey, hrp)}` })
    if (!approved) return ledgerAnswer(status.refused)
    return ledgerAnswer(ledgerStatus.ok, secp256k1.sign(sha256(blob), key.privateKey).toDERRawBytes())
  }

  return {
    name: 'Cosmos',
    version: ledgerCosmosAppVersion.join('.'),
    cla,
    reset() {
      pending = undefined
    },
    async handle({ ins: instruction, p1, p2, data }, context) {
      switch (instruction) {
        case ins.getVersion:
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([0, ...ledgerCosmosAppVersion, 0, ...targetId]))
        case ins.getAddress: {
          const hrp = readHrp(data, 0)
          if (typeof hrp === 'number') return ledgerAnswer(hrp)
          const path = readCosmosPath(data, hrp.next)
          if (typeof path === 'number') return ledgerAnswer(path)
          const key = ledgerCosmosKey(context.keys, path)
          const address = cosmosAddressOf(key.publicKey, hrp.hrp)
          if (p1 !== 0 && !(await context.confirm({ app: 'Cosmos', action: 'verifyAddress', path: formatLedgerPath(path), screen: `Verify address · ${address}` }))) {
            return ledgerAnswer(status.refused)
          }
          return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([...key.publicKey, ...new TextEncoder().encode(address)]))
        }
        case ins.sign: {
          if (p1 === chunk.init) {
            pending = undefined
            const path = readCosmosPath(data, 0)
            if (typeof path === 'number') return ledgerAnswer(path)
            // The HRP is optional (the Hub's `cosmos` without it), as in the app's extractHDPath_HRP.
            const hrp = data.length > 20 ? readHrp(data, 20) : { hrp: 'cosmos', next: 20 }
            if (typeof hrp === 'number') return ledgerAnswer(hrp)
            pending = { path, hrp: hrp.hrp, chunks: [], length: 0 }
            return ledgerAnswer(ledgerStatus.ok)
          }
          if (p1 !== chunk.add && p1 !== chunk.last) {
            pending = undefined
            return ledgerAnswer(ledgerStatus.invalidParameters)
          }
          if (!pending) return ledgerAnswer(status.refused)
          pending.chunks.push(data.slice())
          pending.length += data.length
          if (pending.length > maxBlob) {
            pending = undefined
            return ledgerAnswer(status.bufferFull)
          }
          if (p1 === chunk.add) return ledgerAnswer(ledgerStatus.ok)
          const { path, hrp, chunks } = pending
          pending = undefined
          if (p2 !== signJson) return ledgerAnswer(status.dataInvalid, new TextEncoder().encode('SIGN_MODE_TEXTUAL is not emulated'))
          const blob = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
          chunks.reduce((at, c) => (blob.set(c, at), at + c.length), 0)
          return sign(path, hrp, blob, context)
        }
        default:
          return ledgerAnswer(ledgerStatus.unknownInstruction)
      }
    },
  }
}
