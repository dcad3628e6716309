import { ed25519 } from '@noble/curves/ed25519.js'
import { blake2b } from '@noble/hashes/blake2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bcs } from '@mysten/sui/bcs'

import { type LedgerApp, type LedgerAppContext, ledgerAnswer, ledgerStatus } from './ledgerApdu.js'
import { formatLedgerPath } from './ledgerDeviceKeys.js'

/** The Sui app's version the emulator reports (`00 00` GET_VERSION, `B0 01`). */
export const ledgerSuiAppVersion = [1, 4, 0] as const

/** The Sui app's class byte (LedgerHQ/app-sui docs/apdu.md: "All commands use CLA = 0x00"). */
export const ledgerSuiCla = 0x00

/** Block protocol instructions (LedgerHQ/app-sui docs/block-protocol.md). */
const hostToLedger = { start: 0, chunk: 1 } as const
const ledgerToHost = { resultFinal: 1, getChunk: 2 } as const
/** Largest parameter the emulated app reads (a Sui transaction is at most 128 KiB). */
const maxParameter = 128 * 1024
/** Sui's intent scopes the app signs: TransactionData and PersonalMessage (Sui's `IntentScope`). */
const intentTransaction = 0
const intentPersonalMessage = 3
/** A zero next-block hash: the parameter's last block. */
const zeroHash = new Uint8Array(32)

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** The Sui address of an ed25519 public key: blake2b-256(0x00 ‖ key) (Sui's flag 0 is ed25519). */
export function suiAddressOf(publicKey: Uint8Array): string {
  return `0x${hex(blake2b(Uint8Array.from([0, ...publicKey]), { dkLen: 32 }))}`
}

/**
 * A BIP-32 path as the Sui app reads it: `count(1) ‖ count × u32`, the steps little-endian as
 * `@mysten/ledgerjs-hw-app-sui` writes them (docs/apdu.md says big endian; the app and its only
 * client agree on little endian, so a real device reads what the library sends). Every step hardened.
 */
function readSuiPath(data: Uint8Array): number[] | undefined {
  const count = data[0]
  if (count === undefined || count < 1 || count > 10 || data.length !== 1 + count * 4) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const steps = [...Array(count).keys()].map((i) => view.getUint32(1 + i * 4, true))
  return steps.every((s) => s >= 0x8000_0000) ? steps : undefined
}

/** Reads a BCS ULEB128 length at `at`. */
function uleb128(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let value = 0
  for (let i = 0; i < 5; i++) {
    const b = bytes[at + i]
    if (b === undefined) return undefined
    value += (b & 0x7f) * 2 ** (7 * i)
    if ((b & 0x80) === 0) return { value, next: at + i + 1 }
  }
  return undefined
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const formatSui = (mist: bigint) => {
  const whole = mist / 1_000_000_000n
  const fraction = (mist % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/**
 * What the app shows of TransactionData: a SUI transfer (split off the gas coin, transfer to one
 * address) clearly; anything else needs blind signing, as on the real app.
 */
function describeTransaction(bytes: Uint8Array): { clear: boolean; screen: string } {
  const data = bcs.TransactionData.parse(bytes)
  const v1 = data.V1
  if (!v1) throw new Error('not TransactionData V1')
  const fee = `Max gas ${formatSui(BigInt(v1.gasData.budget))} SUI`
  const ptb = v1.kind.ProgrammableTransaction
  const commands = ptb?.commands ?? []
  const split = commands[0]?.SplitCoins
  const transfer = commands[1]?.TransferObjects
  if (ptb && commands.length === 2 && split?.coin.GasCoin && split.amounts.length === 1 && transfer?.objects.length === 1) {
    const amountInput = split.amounts[0]?.Input
    const toInput = transfer.address.Input
    const amount = amountInput !== undefined ? ptb.inputs[amountInput]?.Pure?.bytes : undefined
    const to = toInput !== undefined ? ptb.inputs[toInput]?.Pure?.bytes : undefined
    if (amount && to) {
      const mist = bcs.u64().parse(Uint8Array.from(atob(amount), (c) => c.charCodeAt(0)))
      const recipient = bcs.Address.parse(Uint8Array.from(atob(to), (c) => c.charCodeAt(0)))
      return { clear: true, screen: `Transfer SUI · To ${short(recipient)} · Amount ${formatSui(BigInt(mist))} SUI · ${fee}` }
    }
  }
  return { clear: false, screen: `Review transaction · From ${short(v1.sender)} · ${commands.length} commands · ${fee}` }
}

/**
 * The emulated Sui app (after LedgerHQ/app-sui docs/apdu.md and docs/block-protocol.md): every
 * command is CLA `00` over the **block protocol**: the host sends `START ‖ hash of each parameter's
 * first block`; the app asks each block with `GET_CHUNK ‖ hash`, the host answers
 * `GET_CHUNK_RESPONSE_SUCCESS ‖ next block's hash (32) ‖ up to 180 bytes`, the app checks that the
 * block's SHA-256 is the hash it asked (a zero next hash ends the parameter), and the answer comes
 * back as `RESULT_FINAL ‖ data` with status 9000. Commands: `00` GET_VERSION (major, minor, patch,
 * "sui"), `01`/`02` the public key and address of an all-hardened path (`01` shows it), `03`
 * SIGN_TX of `u32 LE length ‖ intent message` at a path: the ed25519 signature of the
 * blake2b-256 of the intent message, as Sui signs. The intent is TransactionData (a SUI transfer is
 * shown clearly, anything else needs blind signing: `6808`) or a PersonalMessage (its text shown).
 * Keys: SLIP-0010 ed25519 (the same derivation as the Solana app's), so the addresses are those a
 * real device with the same recovery phrase shows at `m/44'/784'/i'/0'/0'`.
 *
 * @example
 * const app = createLedgerSuiApp()
 * await app.handle({ cla: 0, ins: 0x02, p1: 0, p2: 0, data: startWithPathHash }, context) // 02 ‖ hash ‖ 9000 (GET_CHUNK)
 */
export function createLedgerSuiApp(): LedgerApp {
  /** The command being received: its instruction, the parameters' first hashes, what is read so far. */
  let session: { ins: number; hashes: Uint8Array[]; index: number; expected: Uint8Array; parts: Uint8Array[][]; size: number } | undefined

  const fail = (status: number) => {
    session = undefined
    return ledgerAnswer(status)
  }
  const final = (data: Uint8Array) => {
    session = undefined
    return ledgerAnswer(ledgerStatus.ok, Uint8Array.from([ledgerToHost.resultFinal, ...data]))
  }
  const askChunk = (hash: Uint8Array) => ledgerAnswer(ledgerStatus.ok, Uint8Array.from([ledgerToHost.getChunk, ...hash]))

  /** Every parameter read: runs the command. */
  async function execute(ins: number, parameters: Uint8Array[], context: LedgerAppContext): Promise<Uint8Array> {
    if (ins === 0x00) return final(Uint8Array.from([...ledgerSuiAppVersion, ...new TextEncoder().encode('sui')]))
    if (ins === 0x01 || ins === 0x02) {
      const steps = parameters.length === 1 ? readSuiPath(parameters[0] as Uint8Array) : undefined
      if (!steps) return fail(ledgerStatus.invalidData)
      const key = context.keys.solana(steps)
      const address = suiAddressOf(key.publicKey)
      if (ins === 0x01 && !(await context.confirm({ app: 'Sui', action: 'verifyAddress', path: formatLedgerPath(steps), screen: `Verify address · ${address}` }))) return fail(ledgerStatus.refused)
      const raw = Uint8Array.from(address.slice(2).match(/../g)!.map((b) => Number.parseInt(b, 16)))
      return final(Uint8Array.from([32, ...key.publicKey, 32, ...raw]))
    }
    // SIGN_TX: the transaction (u32 LE length ‖ intent message), the path, optionally the objects (clear signing of coins; read and not needed here).
    if (parameters.length < 2 || parameters.length > 3) return fail(ledgerStatus.invalidData)
    const [framed, pathBytes] = parameters as [Uint8Array, Uint8Array]
    const steps = readSuiPath(pathBytes)
    if (!steps || framed.length < 4) return fail(ledgerStatus.invalidData)
    const length = new DataView(framed.buffer, framed.byteOffset, framed.byteLength).getUint32(0, true)
    const intentMessage = framed.slice(4)
    if (length !== intentMessage.length || intentMessage.length < 4 || intentMessage[1] !== 0 || intentMessage[2] !== 0) return fail(ledgerStatus.invalidData)
    const body = intentMessage.slice(3)
    let screen: string
    let action: string
    if (intentMessage[0] === intentTransaction) {
      let shown
      try {
        shown = describeTransaction(body)
      } catch {
        return fail(ledgerStatus.invalidData)
      }
      // app-sui's SW_NOT_SUPPORTED (0x6808): blind signing is off.
      if (!shown.clear && !context.blindSigning()) return fail(ledgerStatus.solanaBlindSigningRequired)
      screen = shown.screen
      action = 'signTransaction'
    } else if (intentMessage[0] === intentPersonalMessage) {
      const size = uleb128(body, 0)
      if (!size || size.next + size.value !== body.length) return fail(ledgerStatus.invalidData)
      screen = `Sign personal message · ${new TextDecoder().decode(body.slice(size.next))}`
      action = 'signPersonalMessage'
    } else return fail(ledgerStatus.invalidData)
    const approved = await context.confirm({ app: 'Sui', action, path: formatLedgerPath(steps), screen })
    if (!approved) return fail(ledgerStatus.refused)
    return final(ed25519.sign(blake2b(intentMessage, { dkLen: 32 }), context.keys.solana(steps).privateKey))
  }

  return {
    name: 'Sui',
    version: ledgerSuiAppVersion.join('.'),
    cla: ledgerSuiCla,
    reset() {
      session = undefined
    },
    async handle({ ins, p1, p2, data }, context) {
      if (ins !== 0x00 && ins !== 0x01 && ins !== 0x02 && ins !== 0x03) return fail(ledgerStatus.unknownInstruction)
      if (p1 !== 0 || p2 !== 0) return fail(ledgerStatus.invalidParameters)
      const instruction = data[0]
      if (instruction === hostToLedger.start) {
        const hashes = data.slice(1)
        if (hashes.length === 0 || hashes.length % 32 !== 0) return fail(ledgerStatus.invalidData)
        session = { ins, hashes: [...Array(hashes.length / 32).keys()].map((i) => hashes.slice(i * 32, i * 32 + 32)), index: 0, expected: hashes.slice(0, 32), parts: [[]], size: 0 }
        return equal(session.expected, zeroHash) ? next(context) : askChunk(session.expected)
      }
      if (!session || session.ins !== ins) return fail(ledgerStatus.invalidData)
      // The emulated app never stores chunks on the host (PUT_CHUNK) nor accumulates results: only block answers continue.
      if (instruction !== hostToLedger.chunk) return fail(ledgerStatus.invalidData)
      const block = data.slice(1)
      if (block.length < 32 || !equal(sha256(block), session.expected)) return fail(ledgerStatus.invalidData)
      session.parts[session.index]!.push(block.slice(32))
      session.size += block.length - 32
      if (session.size > maxParameter) return fail(ledgerStatus.invalidData)
      session.expected = block.slice(0, 32)
      return equal(session.expected, zeroHash) ? next(context) : askChunk(session.expected)
    },
  }

  /** The current parameter is complete: asks the next one's first block, or runs the command. */
  function next(context: LedgerAppContext): Promise<Uint8Array> | Uint8Array {
    const current = session!
    current.index++
    if (current.index < current.hashes.length) {
      current.parts.push([])
      current.expected = current.hashes[current.index]!
      return equal(current.expected, zeroHash) ? next(context) : askChunk(current.expected)
    }
    const parameters = current.parts.map((chunks) => {
      const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
      let at = 0
      for (const c of chunks) {
        out.set(c, at)
        at += c.length
      }
      return out
    })
    return execute(current.ins, parameters, context)
  }
}
