/**
 * A JSON-RPC error the sandbox Solana RPC answers with: `code` and `message` as Solana's RPC uses
 * them (-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params,
 * -32603 internal, -32002 preflight failure, -32003 signature verification failure, -32015
 * unsupported transaction version), and optional `data`.
 *
 * @example
 * throw new SolanaRpcError(-32602, 'Invalid params: expected a base-58 address')
 */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  code: number
  data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }

  /** The `error` member of a JSON-RPC response. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}
