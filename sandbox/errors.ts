import { BaseError } from '../kernel/errors/BaseError.js'

/** A port the sandbox needs on 127.0.0.1 is taken. */
export class SandboxPortInUseError extends BaseError {
  override name = 'SandboxPortInUseError'
  override code = 'SANDBOX_PORT_IN_USE'
  port: number
  basePort: number
  constructor({ port, basePort, what, cause }: { port: number; basePort: number; what: string; cause?: unknown }) {
    super(
      `Port ${port} on 127.0.0.1 is already in use (the sandbox needs it for ${what}). ` +
        `Choose another base port, e.g. PORT=${suggestPort(basePort)} npm start (the sandbox uses PORT to PORT+13).`,
      { cause },
    )
    this.port = port
    this.basePort = basePort
  }
}

/** A part of the sandbox did not start or did not answer. */
export class SandboxStartError extends BaseError {
  override name = 'SandboxStartError'
  override code = 'SANDBOX_START_FAILED'
  constructor({ part, reason, cause }: { part: string; reason: string; cause?: unknown }) {
    super(`The sandbox could not start ${part}: ${reason}`, { cause })
  }
}

/** A bad `PORT` or other sandbox parameter. */
export class SandboxParameterError extends BaseError {
  override name = 'SandboxParameterError'
  override code = 'SANDBOX_INVALID_PARAMETER'
  constructor(message: string) {
    super(message)
  }
}

function suggestPort(basePort: number): number {
  const next = basePort + 100
  return next <= 65_522 ? next : 4800
}

/** A faucet request the sandbox cannot serve: malformed CAIP-10 address, unknown chain, bad amount or address. */
export class SandboxFaucetError extends BaseError {
  override name = 'SandboxFaucetError'
  override code = 'SANDBOX_FAUCET_INVALID'
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
  }
}

/** A wallet persona (sandbox/personas) is laid out wrong: no docs page, or no name in it. */
export class WalletPersonaError extends BaseError {
  override name = 'WalletPersonaError'
  override code = 'SANDBOX_WALLET_PERSONA'
}
