import { BaseError } from './BaseError.js'

const docs = '/kernel/errors.md'

/** The visitor rejected the connection in the wallet. */
export class ConnectionRejectedError extends BaseError {
  override name = 'ConnectionRejectedError'
  override code = 'CONNECTION_REJECTED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Connection rejected', { cause, docsPath: `${docs}#connectionrejectederror` })
  }
}

/** Connecting failed for another reason. */
export class ConnectFailedError extends BaseError {
  override name = 'ConnectFailedError'
  override code = 'CONNECT_FAILED'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to connect', { cause, docsPath: `${docs}#connectfailederror` })
  }
}

/** Disconnecting one or more namespaces failed. */
export class DisconnectFailedError extends BaseError {
  override name = 'DisconnectFailedError'
  override code = 'DISCONNECT_FAILED'
  constructor({ namespaces, cause }: { namespaces: string[]; cause?: unknown }) {
    super(namespaces.length > 1 ? 'Failed to disconnect chains' : 'Failed to disconnect', {
      cause,
      docsPath: `${docs}#disconnectfailederror`,
      metaMessages: [`Namespaces: ${namespaces.join(', ')}`],
    })
  }
}

/** The requested network is not configured. */
export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError'
  override code = 'NETWORK_NOT_FOUND'
  constructor({ caipNetworkId }: { caipNetworkId: string }) {
    super('Network not found', { docsPath: `${docs}#networknotfounderror`, metaMessages: [`Network: ${caipNetworkId}`] })
  }
}

/** The wallet cannot switch to (or add) the requested chain. */
export class ChainNotSupportedError extends BaseError {
  override name = 'ChainNotSupportedError'
  override code = 'CHAIN_NOT_SUPPORTED'
  /** `connected`: the network the connection is on, when a request for another one was refused before the wallet was asked (a signer). */
  constructor({ caipNetworkId, connected, cause }: { caipNetworkId: string; connected?: string; cause?: unknown }) {
    super('Chain is not supported', { cause, docsPath: `${docs}#chainnotsupportederror`, metaMessages: [`Network: ${caipNetworkId}`, ...(connected ? [`Connected on: ${connected}`] : [])] })
  }
}

/** An action needs a connected account in the namespace. */
export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError'
  override code = 'NOT_CONNECTED'
  constructor({ namespace }: { namespace: string }) {
    super(`No account is connected in the "${namespace}" namespace`, { docsPath: `${docs}#notconnectederror` })
  }
}

/** The modal was closed while an action waited for the visitor. */
export class ModalClosedError extends BaseError {
  override name = 'ModalClosedError'
  override code = 'MODAL_CLOSED'
  constructor() {
    super('Modal closed', { docsPath: `${docs}#modalclosederror` })
  }
}

/** No plugin and no blockchain API answered for an account's data on this chain. */
export class NoActivitySourceError extends BaseError {
  override name = 'NoActivitySourceError'
  override code = 'NO_ACCOUNT_DATA_SOURCE'
  constructor({ caipNetworkId }: { caipNetworkId: string }) {
    super('No source serves account data on this chain', { docsPath: `${docs}#noactivitysourceerror`, metaMessages: [`Network: ${caipNetworkId}`] })
  }
}

/** No connection of that connector in the namespace to switch to or remove (multi-wallet). */
export class ConnectionNotFoundError extends BaseError {
  override name = 'ConnectionNotFoundError'
  override code = 'CONNECTION_NOT_FOUND'
  constructor({ connectorId, namespace }: { connectorId: unknown; namespace: string }) {
    super(`No ${namespace} connection of ${String(connectorId).slice(0, 80)}`, { docsPath: `${docs}#connectionnotfounderror` })
  }
}
