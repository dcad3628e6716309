/** A transaction error as Solana's JSON-RPC writes it, e.g. `"BlockhashNotFound"` or `{ InstructionError: [0, { Custom: 1 }] }`. */
export type SolanaTransactionError = string | Record<string, unknown>

export type ToSolanaTransactionErrorReturnType = {
  /** The JSON form clients such as @solana/kit decode. */
  err: SolanaTransactionError
  /** A readable sentence, as the validator prints it. */
  message: string
}

// LiteSVM reports field-less errors as numbers, in the order of Agave's enums.
const transactionErrors = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

const instructionErrors = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const

const transactionMessages: Partial<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
}

function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

function instructionError(inner: unknown): { json: unknown; message: string } {
  if (typeof inner === 'number') {
    const name = instructionErrors[inner] ?? `UnknownInstructionError${inner}`
    return {
      json: name,
      message: name === 'InsufficientFunds' ? 'insufficient funds for instruction' : words(name).toLowerCase(),
    }
  }
  const object = inner as { code?: unknown; msg?: unknown; constructor?: { name?: string } }
  if (typeof object?.code === 'number') {
    return { json: { Custom: object.code }, message: `custom program error: 0x${object.code.toString(16)}` }
  }
  if (typeof object?.msg === 'string') return { json: { BorshIoError: object.msg }, message: `Failed to serialize or deserialize account data: ${object.msg}` }
  return { json: 'GenericError', message: 'generic instruction error' }
}

/**
 * Turns the error LiteSVM reports for a failed transaction into Solana's JSON-RPC form and a
 * readable message.
 *
 * @param error - The value of `FailedTransactionMetadata.err()`.
 * @returns `{ err, message }`.
 * @example
 * toSolanaTransactionError(7) // { err: 'BlockhashNotFound', message: 'Blockhash not found' }
 */
export function toSolanaTransactionError(error: unknown): ToSolanaTransactionErrorReturnType {
  if (typeof error === 'number') {
    const name = transactionErrors[error] ?? `UnknownTransactionError${error}`
    return { err: name, message: transactionMessages[name] ?? words(name) }
  }
  const object = (error ?? {}) as {
    index?: unknown
    accountIndex?: unknown
    err?: unknown
    constructor?: { name?: string }
  }
  const kind = object.constructor?.name ?? ''
  if (typeof object.err === 'function' && typeof object.index === 'number') {
    const inner = instructionError((object.err as () => unknown).call(object))
    return {
      err: { InstructionError: [object.index, inner.json] },
      message: `Error processing Instruction ${object.index}: ${inner.message}`,
    }
  }
  if (kind.endsWith('DuplicateInstruction') && typeof object.index === 'number') {
    return {
      err: { DuplicateInstruction: object.index },
      message: `Transaction contains a duplicate instruction (${object.index}) that is not allowed`,
    }
  }
  if (kind.endsWith('InsufficientFundsForRent') && typeof object.accountIndex === 'number') {
    return {
      err: { InsufficientFundsForRent: { account_index: object.accountIndex } },
      message: `Transaction results in an account (${object.accountIndex}) with insufficient funds for rent`,
    }
  }
  if (kind.endsWith('ProgramExecutionTemporarilyRestricted') && typeof object.accountIndex === 'number') {
    return {
      err: { ProgramExecutionTemporarilyRestricted: { account_index: object.accountIndex } },
      message: `Execution of the program referenced by account at index ${object.accountIndex} is temporarily restricted.`,
    }
  }
  return { err: 'InvalidError', message: `Transaction failed: ${String(error)}` }
}
