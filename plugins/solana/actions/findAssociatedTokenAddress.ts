import { base58 } from '@scure/base'
import { solanaPrograms } from '../utils/solanaPrograms.js'

const marker = new TextEncoder().encode('ProgramDerivedAddress')

/**
 * The associated token account of `owner` for `mint`: the program-derived address of the
 * Associated Token Account program with seeds [owner, token program, mint] (highest bump whose
 * hash is off the ed25519 curve).
 *
 * @returns the base58 address
 * @example
 * await findAssociatedTokenAddress({ owner, mint, tokenProgram: solanaPrograms.token })
 */
export async function findAssociatedTokenAddress({ owner, mint, tokenProgram }: { owner: string; mint: string; tokenProgram: string }): Promise<string> {
  const { ed25519, sha256 } = await import('../lazy/noble.js')
  const seeds = [base58.decode(owner), base58.decode(tokenProgram), base58.decode(mint)]
  const program = base58.decode(solanaPrograms.associatedToken)
  for (let bump = 255; bump >= 0; bump--) {
    const parts = [...seeds, Uint8Array.of(bump), program, marker]
    const input = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
    let offset = 0
    for (const part of parts) {
      input.set(part, offset)
      offset += part.length
    }
    const hash = sha256(input)
    try {
      ed25519.ExtendedPoint.fromHex(hash)
    } catch {
      return base58.encode(hash) // off the curve: a valid program address
    }
  }
  throw new Error('No program address found for these seeds')
}
