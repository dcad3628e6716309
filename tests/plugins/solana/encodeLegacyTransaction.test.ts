import { address, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { findAssociatedTokenAddress } from '../../../plugins/solana/actions/findAssociatedTokenAddress.js'
import { encodeLegacyTransaction } from '../../../plugins/solana/utils/encodeLegacyTransaction.js'
import { formatUnits } from '../../../plugins/solana/utils/formatUnits.js'
import { parseUnits } from '../../../plugins/solana/utils/parseUnits.js'
import { solanaPrograms } from '../../../plugins/solana/utils/solanaPrograms.js'

const payer = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const to = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const blockhash = 'AjE89y6tW2PT8gnVYuQLHxZSn1of9zhPCvYgaScRCXTZ'

describe('the hand-written legacy transaction, decoded by @solana/kit', () => {
  it('orders accounts as the runtime requires and keeps the instruction data', () => {
    const bytes = encodeLegacyTransaction({
      feePayer: payer,
      recentBlockhash: blockhash,
      instructions: [
        { programId: solanaPrograms.system, accounts: [{ address: payer, signer: true, writable: true }, { address: to, signer: false, writable: true }], data: Uint8Array.of(2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0) },
        { programId: solanaPrograms.token, accounts: [{ address: to, signer: false, writable: false }, { address: payer, signer: true, writable: false }], data: Uint8Array.of(12) },
      ],
    })
    const transaction = getTransactionDecoder().decode(bytes)
    expect(Object.keys(transaction.signatures)).toEqual([payer])
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    expect(message.version).toBe('legacy')
    expect(message.header).toEqual({ numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 2 })
    expect(message.staticAccounts).toEqual([payer, to, solanaPrograms.system, solanaPrograms.token])
    expect(message.lifetimeToken).toBe(blockhash)
    expect((message as unknown as { instructions: unknown }).instructions).toEqual([
      { programAddressIndex: 2, accountIndices: [0, 1], data: Uint8Array.of(2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0) },
      { programAddressIndex: 3, accountIndices: [1, 0], data: Uint8Array.of(12) },
    ])
  })

  it('refuses a blockhash or an account that is not 32 bytes', () => {
    expect(() => encodeLegacyTransaction({ feePayer: payer, recentBlockhash: '1111', instructions: [] })).toThrow('The blockhash is not 32 bytes')
    expect(() => encodeLegacyTransaction({ feePayer: '1111', recentBlockhash: blockhash, instructions: [] })).toThrow('1111 is not a 32-byte address')
  })

  it('derives the same associated token account as @solana-program/token', async () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const [expected] = await findAssociatedTokenPda({ owner: address(payer), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect(await findAssociatedTokenAddress({ owner: payer, mint, tokenProgram: solanaPrograms.token })).toBe(expected)
  })

  it('converts amounts without floating point', () => {
    expect(parseUnits('0.25', 9, 'SOL')).toBe(250_000_000n)
    expect(parseUnits('3', 6, 'pUSD')).toBe(3_000_000n)
    expect(parseUnits('1.100', 1, 'X')).toBe(11n)
    expect(() => parseUnits('1.05', 1, 'X')).toThrow('X has 1 decimals; the amount has more')
    expect(() => parseUnits('-1', 9, 'SOL')).toThrow('The amount must be a positive decimal number of SOL')
    expect(() => parseUnits('0', 9, 'SOL')).toThrow('The amount must be more than zero')
    expect(() => parseUnits('18446744074', 9, 'SOL')).toThrow('The amount is too large')
    expect(() => parseUnits('1e3', 9, 'SOL')).toThrow()
    expect(formatUnits(250_000_000n, 9)).toBe('0.25')
    expect(formatUnits(1_000_000n, 6)).toBe('1')
    expect(formatUnits(5n, 9)).toBe('0.000000005')
  })
})
