import { base58 } from '@scure/base'

/** What the Solana app shows of a transaction message. */
export type SolanaMessageSummary = {
  version: 'legacy' | 0
  feePayer: string
  /** Each instruction's program and data. */
  instructions: { program: string; accounts: string[]; data: Uint8Array }[]
}

const systemProgram = '11111111111111111111111111111111'
const computeBudgetProgram = 'ComputeBudget111111111111111111111111111111'

/**
 * Decodes a Solana transaction message (legacy or v0): header, account keys, blockhash, instructions
 * (v0 address-table lookups are read and their accounts shown as "lookup").
 *
 * @throws {Error} when the bytes are not one whole message
 * @example
 * readSolanaMessage(messageBytes).instructions[0].program // '11111111111111111111111111111111'
 */
export function readSolanaMessage(bytes: Uint8Array): SolanaMessageSummary {
  let at = 0
  const byte = (): number => {
    const b = bytes[at++]
    if (b === undefined) throw new Error('truncated message')
    return b
  }
  const take = (n: number): Uint8Array => {
    if (at + n > bytes.length) throw new Error('truncated message')
    at += n
    return bytes.subarray(at - n, at)
  }
  const compactU16 = (): number => {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const b = byte()
      value |= (b & 0x7f) << shift
      if (!(b & 0x80)) return value
    }
    throw new Error('bad compact-u16')
  }
  let version: SolanaMessageSummary['version'] = 'legacy'
  if (bytes[0] !== undefined && bytes[0] & 0x80) {
    if (byte() !== 0x80) throw new Error('unsupported message version')
    version = 0
  }
  const signers = byte()
  take(2)
  const keys = [...Array(compactU16()).keys()].map(() => base58.encode(take(32)))
  if (signers < 1 || signers > keys.length) throw new Error('bad header')
  take(32)
  const instructions = [...Array(compactU16()).keys()].map(() => {
    const program = keys[byte()]
    const accounts = [...Array(compactU16()).keys()].map(() => keys[byte()] ?? 'lookup')
    const data = take(compactU16()).slice()
    if (!program) throw new Error('program index out of range')
    return { program, accounts, data }
  })
  if (version === 0) {
    const lookups = compactU16()
    for (let i = 0; i < lookups; i++) {
      take(32)
      take(compactU16())
      take(compactU16())
    }
  }
  if (at !== bytes.length) throw new Error('trailing bytes')
  return { version, feePayer: keys[0]!, instructions }
}

/** Whether the app shows every instruction in clear (System transfers and compute-budget settings), or needs blind signing. */
export function isClearSolanaMessage(summary: SolanaMessageSummary): boolean {
  return summary.instructions.every((i) => i.program === computeBudgetProgram || (i.program === systemProgram && i.data.length === 12 && i.data[0] === 2 && i.data[1] === 0 && i.data[2] === 0 && i.data[3] === 0))
}

/**
 * The device screen's text for a message.
 *
 * @example
 * describeSolanaMessage(summary) // "Review transaction · Transfer 1 SOL · To 9xQe…2xyz · Fee payer 4Nd1…"
 */
export function describeSolanaMessage(summary: SolanaMessageSummary): string {
  const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`
  const parts = summary.instructions
    .filter((i) => i.program !== computeBudgetProgram)
    .map((i) => {
      if (i.program === systemProgram && i.data.length === 12 && i.data[0] === 2) {
        const lamports = new DataView(i.data.buffer, i.data.byteOffset + 4, 8).getBigUint64(0, true)
        const sol = `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`.replace(/\.?0+$/, '')
        return `Transfer ${sol} SOL · To ${short(i.accounts[1] ?? '?')}`
      }
      return `Program ${short(i.program)} (blind signing)`
    })
  return ['Review transaction', ...parts, `Fee payer ${short(summary.feePayer)}`].join(' · ')
}
