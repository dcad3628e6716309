import { BaseError } from '../../kernel/index.js'

const docs = '/plugins/walletconnect.md'

/** The relay URL or project id is missing or not usable. */
export class WalletConnectConfigError extends BaseError {
  override name = 'WalletConnectConfigError'
  override code = 'WALLETCONNECT_CONFIG'
  constructor(reason: string) {
    super('WalletConnect is not configured', { docsPath: `${docs}#walletconnectconfigerror`, metaMessages: [reason] })
  }
}

/** The relay did not accept a new pairing in time. */
export class RelayUnavailableError extends BaseError {
  override name = 'RelayUnavailableError'
  override code = 'RELAY_UNAVAILABLE'
  constructor({ relayUrl, cause }: { relayUrl: string; cause?: unknown }) {
    super('The WalletConnect relay is not reachable', { cause, docsPath: `${docs}#relayunavailableerror`, metaMessages: [`Relay: ${relayUrl}`] })
  }
}

/** The visitor left the pairing before a wallet connected. */
export class PairingCancelledError extends BaseError {
  override name = 'PairingCancelledError'
  override code = 'PAIRING_CANCELLED'
  constructor() {
    super('Modal closed', { docsPath: `${docs}#pairingcancellederror` })
  }
}

/** The wallet approved a session without any configured chain of a requested namespace. */
export class NamespaceNotApprovedError extends BaseError {
  override name = 'NamespaceNotApprovedError'
  override code = 'UNSUPPORTED_CHAINS'
  constructor({ namespace }: { namespace: string }) {
    super(`The wallet did not approve any ${namespace} chain this site uses`, { docsPath: `${docs}#namespacenotapprovederror` })
  }
}

/** A request named a method the wallet did not approve for that chain; nothing was sent. */
export class MethodNotApprovedError extends BaseError {
  override name = 'MethodNotApprovedError'
  override code = 'METHOD_NOT_APPROVED'
  constructor({ method, caipNetworkId }: { method: string; caipNetworkId: string }) {
    super('The wallet did not approve this method', {
      docsPath: `${docs}#methodnotapprovederror`,
      metaMessages: [`Method: ${method.slice(0, 100)}`, `Chain: ${caipNetworkId}`],
    })
  }
}

/** The wallet answered with a malformed or oversized result. */
export class InvalidWalletResponseError extends BaseError {
  override name = 'InvalidWalletResponseError'
  override code = 'INVALID_WALLET_RESPONSE'
  constructor({ method, reason }: { method: string; reason: string }) {
    super('The wallet returned an invalid response', { docsPath: `${docs}#invalidwalletresponseerror`, metaMessages: [`Method: ${method}`, reason] })
  }
}

/** The wallet sent something the session does not allow; it was ignored. */
export class WalletConnectPeerError extends BaseError {
  override name = 'WalletConnectPeerError'
  override code = 'WALLETCONNECT_PEER'
  constructor(reason: string) {
    super('The wallet sent an event the session does not allow', { docsPath: `${docs}#walletconnectpeererror`, metaMessages: [reason.slice(0, 300)] })
  }
}
