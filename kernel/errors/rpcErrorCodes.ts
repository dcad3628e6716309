/**
 * The JSON-RPC (EIP-1474) and provider (EIP-1193, EIP-5792) error codes of spec §8,
 * with the name and the message Portico shows for each.
 */
export const rpcErrorCodes = {
  [-32700]: { name: 'ParseRpcError', message: 'Invalid JSON was received by the server.' },
  [-32600]: { name: 'InvalidRequestRpcError', message: 'The JSON sent is not a valid request object.' },
  [-32601]: { name: 'MethodNotFoundRpcError', message: 'The method does not exist or is not available.' },
  [-32602]: { name: 'InvalidParamsRpcError', message: 'Invalid method parameters.' },
  [-32603]: { name: 'InternalRpcError', message: 'An internal error was received.' },
  [-32000]: { name: 'InvalidInputRpcError', message: 'Missing or invalid parameters.' },
  [-32001]: { name: 'ResourceNotFoundRpcError', message: 'Requested resource not found.' },
  [-32002]: { name: 'ResourceUnavailableRpcError', message: 'Requested resource not available.' },
  [-32003]: { name: 'TransactionRejectedRpcError', message: 'Transaction creation failed.' },
  [-32004]: { name: 'MethodNotSupportedRpcError', message: 'Method is not implemented.' },
  [-32005]: { name: 'LimitExceededRpcError', message: 'Request exceeds defined limit.' },
  [-32006]: { name: 'JsonRpcVersionUnsupportedError', message: 'Version of JSON-RPC protocol is not supported.' },
  4001: { name: 'UserRejectedRequestError', message: 'User rejected the request.' },
  4100: { name: 'UnauthorizedProviderError', message: 'The requested method and/or account has not been authorized by the user.' },
  4200: { name: 'UnsupportedProviderMethodError', message: 'The provider does not support the requested method.' },
  4900: { name: 'ProviderDisconnectedError', message: 'The provider is disconnected from all chains.' },
  4901: { name: 'ChainDisconnectedError', message: 'The provider is not connected to the requested chain.' },
  4902: { name: 'SwitchChainError', message: 'An error occurred when attempting to switch chain.' },
  5000: { name: 'UserRejectedRequestError', message: 'User rejected the request.' },
  5700: { name: 'UnsupportedNonOptionalCapabilityError', message: 'This wallet does not support a capability that was not marked as optional.' },
  5710: { name: 'UnsupportedChainIdError', message: 'This wallet does not support the requested chain ID.' },
  5720: { name: 'DuplicateIdError', message: 'There is already a bundle submitted with this ID.' },
  5730: { name: 'UnknownBundleIdError', message: 'This bundle id is unknown / has not been submitted.' },
  5740: { name: 'BundleTooLargeError', message: 'The call bundle is too large for the Wallet to process.' },
  5750: { name: 'AtomicReadyWalletRejectedUpgradeError', message: 'The wallet can support atomicity after an upgrade, but the user rejected the upgrade.' },
  5760: { name: 'AtomicityNotSupportedError', message: 'The wallet does not support atomic execution but the request requires it.' },
} as const satisfies Record<number, { name: string; message: string }>

export type RpcErrorCode = keyof typeof rpcErrorCodes

/** Codes that mean the visitor said no (5000 is treated as a rejection, spec §8). */
export const userRejectionCodes: readonly number[] = [4001, 5000]

/** Node error messages mapped to short names (spec §8). Matched case-insensitively. */
export const nodeErrorMessages = [
  { name: 'ExecutionRevertedError', pattern: /execution reverted/i, message: 'Execution reverted.' },
  { name: 'FeeCapTooHighError', pattern: /max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1/i, message: 'The fee cap is too high.' },
  { name: 'FeeCapTooLowError', pattern: /max fee per gas less than block base fee|fee cap less than block base fee|transaction is outdated/i, message: 'The fee cap is lower than the block base fee.' },
  { name: 'NonceTooHighError', pattern: /nonce too high/i, message: 'Nonce is higher than the next one expected.' },
  { name: 'NonceTooLowError', pattern: /nonce too low|transaction already imported|already known/i, message: 'Nonce is lower than the current nonce of the account.' },
  { name: 'NonceMaxValueError', pattern: /nonce has max value/i, message: 'Nonce has max value.' },
  { name: 'InsufficientFundsError', pattern: /insufficient funds|exceeds transaction sender account balance/i, message: 'The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.' },
  { name: 'IntrinsicGasTooHighError', pattern: /intrinsic gas too high|gas limit reached/i, message: 'The amount of gas provided for the transaction exceeds the limit allowed for the block.' },
  { name: 'IntrinsicGasTooLowError', pattern: /intrinsic gas too low/i, message: 'The amount of gas provided for the transaction is too low.' },
  { name: 'TransactionTypeNotSupportedError', pattern: /transaction type not valid/i, message: 'The transaction type is not supported for this chain.' },
  { name: 'TipAboveFeeCapError', pattern: /max priority fee per gas higher than max fee per gas|tip higher than fee cap/i, message: 'The provided tip is higher than the fee cap.' },
] as const
