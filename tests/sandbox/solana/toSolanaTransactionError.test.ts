import { describe, expect, it } from 'vitest'

import { toSolanaTransactionError } from '../../../sandbox/solana/toSolanaTransactionError.js'

// Stand-ins shaped like LiteSVM's error classes (their class names are what the mapper reads).
class TransactionErrorInstructionError {
  constructor(
    readonly index: number,
    private readonly inner: unknown,
  ) {}
  err() {
    return this.inner
  }
}
class InstructionErrorCustom {
  constructor(readonly code: number) {}
}
class TransactionErrorInsufficientFundsForRent {
  constructor(readonly accountIndex: number) {}
}
class TransactionErrorDuplicateInstruction {
  constructor(readonly index: number) {}
}

describe('toSolanaTransactionError', () => {
  it('names field-less transaction errors as Solana does', () => {
    expect(toSolanaTransactionError(7)).toEqual({ err: 'BlockhashNotFound', message: 'Blockhash not found' })
    expect(toSolanaTransactionError(4).err).toBe('InsufficientFundsForFee')
    expect(toSolanaTransactionError(6).err).toBe('AlreadyProcessed')
    expect(toSolanaTransactionError(11).err).toBe('SignatureFailure')
    expect(toSolanaTransactionError(999).err).toBe('UnknownTransactionError999')
  })

  it('writes instruction errors as { InstructionError: [index, …] }', () => {
    expect(toSolanaTransactionError(new TransactionErrorInstructionError(0, new InstructionErrorCustom(1)))).toEqual({
      err: { InstructionError: [0, { Custom: 1 }] },
      message: 'Error processing Instruction 0: custom program error: 0x1',
    })
    expect(toSolanaTransactionError(new TransactionErrorInstructionError(2, 5))).toEqual({
      err: { InstructionError: [2, 'InsufficientFunds'] },
      message: 'Error processing Instruction 2: insufficient funds for instruction',
    })
  })

  it('writes the errors that carry an account or instruction index', () => {
    expect(toSolanaTransactionError(new TransactionErrorInsufficientFundsForRent(1))).toEqual({
      err: { InsufficientFundsForRent: { account_index: 1 } },
      message: 'Transaction results in an account (1) with insufficient funds for rent',
    })
    expect(toSolanaTransactionError(new TransactionErrorDuplicateInstruction(3)).err).toEqual({ DuplicateInstruction: 3 })
  })

  it('never throws on something unexpected', () => {
    expect(toSolanaTransactionError(undefined).err).toBe('InvalidError')
    expect(toSolanaTransactionError({ weird: true }).err).toBe('InvalidError')
  })
})
