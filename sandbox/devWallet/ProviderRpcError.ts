/**
 * An EIP-1193 provider error: a numeric `code` (4001, 4100, 4200, 4900, 4901, 4902 or a JSON-RPC
 * code), a message and optional `data`, as a dapp expects to read them from a rejected `request`.
 *
 * @example
 * throw new ProviderRpcError(4001, 'User rejected the request.')
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  code: number
  data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/** The standard messages of the EIP-1193 / EIP-1474 codes the dev wallet uses. */
export const providerErrorMessages = {
  4001: 'User rejected the request.',
  4100: 'The requested method and/or account has not been authorized by the user.',
  4200: 'The Provider does not support the requested method.',
  4900: 'The Provider is disconnected from all chains.',
  4902: 'Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first.',
  5700: 'The wallet does not support a capability the request requires.',
  5710: 'The wallet does not support calls on this chain.',
  5720: 'There is already a bundle submitted with this id.',
  5730: 'This bundle id is unknown / has not been submitted.',
  5740: 'The call bundle is too large for the wallet to process.',
  5760: 'The wallet cannot send these calls atomically.',
  [-32602]: 'Invalid method parameters.',
  [-32603]: 'Internal JSON-RPC error.',
} as const
