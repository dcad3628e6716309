import { base58 } from '@scure/base'
import type { SolanaInstruction } from './solanaPrograms.js'

export type EncodeLegacyTransactionParameters = {
  /** Pays the fee and signs first (base58). */
  feePayer: string
  /** base58 blockhash from `getLatestBlockhash`. */
  recentBlockhash: string
  instructions: readonly SolanaInstruction[]
}

function shortVec(length: number): number[] {
  const out: number[] = []
  let rest = length
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(low)
      return out
    }
    out.push(low | 0x80)
  }
}

/**
 * Serialises an unsigned legacy transaction (wire format: the signature slots zeroed, then the
 * message) from instructions. Accounts are deduplicated and ordered as the runtime requires:
 * fee payer, other writable signers, read-only signers, writable non-signers, read-only non-signers.
 *
 * @returns the transaction bytes a Wallet Standard wallet signs
 * @example
 * const bytes = encodeLegacyTransaction({ feePayer, recentBlockhash, instructions: [transfer] })
 */
export function encodeLegacyTransaction({ feePayer, recentBlockhash, instructions }: EncodeLegacyTransactionParameters): Uint8Array {
  const roles = new Map<string, { signer: boolean; writable: boolean }>([[feePayer, { signer: true, writable: true }]])
  const add = (address: string, signer: boolean, writable: boolean) => {
    const role = roles.get(address)
    if (role) {
      role.signer ||= signer
      role.writable ||= writable
    } else roles.set(address, { signer, writable })
  }
  for (const instruction of instructions) {
    for (const account of instruction.accounts) add(account.address, account.signer, account.writable)
    add(instruction.programId, false, false)
  }
  const entries = [...roles.entries()]
  const rank = ([address, role]: (typeof entries)[number]) => (address === feePayer ? 0 : role.signer ? (role.writable ? 1 : 2) : role.writable ? 3 : 4)
  const ordered = entries.map((entry, index) => ({ entry, index })).sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index).map((x) => x.entry)
  const keys = ordered.map(([address]) => address)
  const indexOf = new Map(keys.map((k, i) => [k, i]))
  const signers = ordered.filter(([, r]) => r.signer)
  const header = [
    signers.length,
    signers.filter(([, r]) => !r.writable).length,
    ordered.filter(([, r]) => !r.signer && !r.writable).length,
  ]
  const blockhash = base58.decode(recentBlockhash)
  if (blockhash.length !== 32) throw new Error('The blockhash is not 32 bytes')

  const message: number[] = [...header, ...shortVec(keys.length)]
  for (const key of keys) {
    const bytes = base58.decode(key)
    if (bytes.length !== 32) throw new Error(`${key} is not a 32-byte address`)
    message.push(...bytes)
  }
  message.push(...blockhash, ...shortVec(instructions.length))
  for (const instruction of instructions) {
    message.push(indexOf.get(instruction.programId) as number, ...shortVec(instruction.accounts.length))
    for (const account of instruction.accounts) message.push(indexOf.get(account.address) as number)
    message.push(...shortVec(instruction.data.length), ...instruction.data)
  }
  const wire = new Uint8Array([...shortVec(signers.length), ...new Uint8Array(64 * signers.length), ...message])
  return wire
}
