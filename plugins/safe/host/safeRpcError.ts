/**
 * An error of the Safe connector with its EIP-1193 / JSON-RPC `code` (4200 unsupported method,
 * -32602 bad parameters, -32603 the Safe failed or did not answer, 4900 not in a Safe, 5710 another
 * chain). The kernel turns it into a `ProviderRpcError` with that code (`ProviderRpcError.from`).
 * It is a plain `Error` so that the lazily loaded Safe code shares no module with the eager
 * bundle (a shared module would cost the eager bundle a split chunk).
 *
 * @example
 * throw new SafeRpcError(4200, 'The Safe does not support personal_sign')
 */
export class SafeRpcError extends Error {
  override name = 'SafeRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}
