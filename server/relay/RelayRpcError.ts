import { BaseError } from '../../kernel/errors/BaseError.js'

/** The JSON-RPC error codes the relay answers with. */
export type RelayRpcErrorCode =
  | -32700 // parse error: the frame is not JSON
  | -32600 // invalid request: not a JSON-RPC request object, or the frame is too large
  | -32601 // method not found
  | -32602 // invalid params
  | -32005 // limit exceeded: too many pending requests, subscriptions, or stored messages
  | -32603 // internal error

export type RelayRpcErrorType = RelayRpcError & { name: 'RelayRpcError' }

/**
 * A JSON-RPC error the relay sends back to a client instead of crashing or dropping the connection.
 *
 * @example
 * throw new RelayRpcError(-32602, 'Invalid params: "topic" must be a non-empty string')
 */
export class RelayRpcError extends BaseError {
  override name = 'RelayRpcError'
  override code: RelayRpcErrorCode

  constructor(code: RelayRpcErrorCode, shortMessage: string, parameters: { cause?: unknown } = {}) {
    super(shortMessage, { cause: parameters.cause, docsPath: '/server/relay.md#errors' })
    this.code = code
  }
}
