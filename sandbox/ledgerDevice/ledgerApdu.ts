import { type LedgerDeviceKeys, formatLedgerPath } from './ledgerDeviceKeys.js'

/** Status words the emulated device answers (Ledger's ISO 7816 conventions and the apps' own). */
export const ledgerStatus = {
  ok: 0x9000,
  /** Refused on the device (the user pressed Reject). */
  refused: 0x6985,
  /** Bad data; also a transaction with calldata while blind signing is off (Ethereum app). */
  invalidData: 0x6a80,
  /** Bad P1 or P2. */
  invalidParameters: 0x6b00,
  /** The open app has no such instruction. */
  unknownInstruction: 0x6d00,
  /** Wrong class byte: the dashboard's answer to an app's command. */
  unknownClass: 0x6e00,
  /** Wrong length. */
  wrongLength: 0x6700,
  /** The device is locked. */
  locked: 0x5515,
  /** Solana app: blind signing is needed for this message. */
  solanaBlindSigningRequired: 0x6808,
} as const

/** One command: class, instruction, P1, P2 and data. */
export type LedgerApdu = { cla: number; ins: number; p1: number; p2: number; data: Uint8Array }

/**
 * Reads a command APDU (`CLA INS P1 P2 Lc data`), checking that `Lc` is the data's length.
 *
 * @returns the command, or the status word to answer when it is malformed
 * @example
 * parseLedgerApdu(new Uint8Array([0xb0, 0x01, 0, 0, 0])) // { cla: 0xb0, ins: 1, p1: 0, p2: 0, data: Uint8Array(0) }
 */
export function parseLedgerApdu(bytes: Uint8Array): LedgerApdu | { statusWord: number } {
  if (bytes.length < 4) return { statusWord: ledgerStatus.wrongLength }
  const [cla, ins, p1, p2] = bytes as unknown as [number, number, number, number]
  if (bytes.length === 4) return { cla, ins, p1, p2, data: new Uint8Array(0) }
  const length = bytes[4]!
  if (bytes.length !== 5 + length) return { statusWord: ledgerStatus.wrongLength }
  return { cla, ins, p1, p2, data: bytes.slice(5) }
}

/**
 * An answer: `data ‖ status word`.
 *
 * @example
 * ledgerAnswer(ledgerStatus.refused) // Uint8Array [0x69, 0x85]
 */
export function ledgerAnswer(statusWord: number, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(data.length + 2)
  out.set(data)
  out[data.length] = statusWord >> 8
  out[data.length + 1] = statusWord & 0xff
  return out
}

/**
 * Reads a serialized BIP-32 path (`count(1) ‖ count × u32 big-endian`) at `offset`.
 *
 * @returns the indexes, the path as text and where the rest starts; `undefined` when truncated or of more than 10 steps
 * @example
 * readLedgerPath(data, 0) // { indexes: [0x8000002c, …], path: "m/44'/60'/0'/0/0", next: 21 }
 */
export function readLedgerPath(data: Uint8Array, offset: number): { indexes: number[]; path: string; next: number } | undefined {
  const count = data[offset]
  if (count === undefined || count < 1 || count > 10 || data.length < offset + 1 + count * 4) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const indexes = [...Array(count).keys()].map((i) => view.getUint32(offset + 1 + i * 4))
  return { indexes, path: formatLedgerPath(indexes), next: offset + 1 + count * 4 }
}

/** The `B0 01` answer: `format 1 ‖ name length ‖ name ‖ version length ‖ version ‖ flags length ‖ flags`. */
export function appAndVersionAnswer(name: string, version: string): Uint8Array {
  const encoder = new TextEncoder()
  const n = encoder.encode(name)
  const v = encoder.encode(version)
  return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([1, n.length, ...n, v.length, ...v, 1, 0]))
}

/** What an app needs from the device. */
export type LedgerAppContext = {
  keys: LedgerDeviceKeys
  blindSigning(): boolean
  /** Shows `screen` and waits for Approve (true) or Reject (false), by the device's mode; records the activity. */
  confirm(request: { app: string; action: string; path: string; screen: string }): Promise<boolean>
}

/** An app on the device: its name and version (`B0 01`) and its `E0` commands. */
export type LedgerApp = {
  name: string
  version: string
  /** Its commands' class byte when not `E0` (the Sui app's is `00`; Zondax's apps have their own). */
  cla?: number
  /** The class bytes the app answers (default `[0xe0]`; the Bitcoin app's are `E1` and the framework's `F8`). */
  classes?: readonly number[]
  handle(apdu: LedgerApdu, context: LedgerAppContext): Promise<Uint8Array>
  /** Drops any half-received chunked command (the app was closed). */
  reset(): void
}
