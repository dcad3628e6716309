import { BaseError } from '../../kernel/errors/BaseError.js'

/** The anvil binary of `@foundry-rs/anvil` for this platform is not installed. */
export class AnvilNotFoundError extends BaseError {
  override name = 'AnvilNotFoundError'
  override code = 'ANVIL_NOT_FOUND'
  constructor({ packageName, cause }: { packageName: string; cause?: unknown }) {
    super(`The anvil binary was not found (looked for ${packageName}/bin/anvil).`, {
      cause,
      metaMessages: [
        `Platform: ${process.platform}-${process.arch}`,
        'Run `npm install --no-audit --no-fund` so @foundry-rs/anvil brings its platform package.',
      ],
    })
  }
}

/** The requested port on 127.0.0.1 is already taken by another process. */
export class PortInUseError extends BaseError {
  override name = 'PortInUseError'
  override code = 'PORT_IN_USE'
  port: number
  constructor({ port, what, cause }: { port: number; what: string; cause?: unknown }) {
    super(`Port ${port} on 127.0.0.1 is already in use, so ${what} cannot start there.`, {
      cause,
      metaMessages: ['Stop the process that holds it, or pick another port (0 picks a free one).'],
    })
    this.port = port
  }
}

/** anvil exited or did not answer before it was ready. */
export class AnvilStartError extends BaseError {
  override name = 'AnvilStartError'
  override code = 'ANVIL_START_FAILED'
  constructor({ reason, output, cause }: { reason: string; output: string; cause?: unknown }) {
    super(`anvil did not start: ${reason}`, {
      cause,
      ...(output.trim() ? { metaMessages: ['Last output of anvil:', output.trim().slice(-1000)] } : {}),
    })
  }
}

/** A bad argument given to a sandbox devnet helper. */
export class InvalidDevnetParameterError extends BaseError {
  override name = 'InvalidDevnetParameterError'
  override code = 'INVALID_DEVNET_PARAMETER'
  constructor({ message }: { message: string }) {
    super(message)
  }
}

/** solc reported errors, or the contract is missing from its output. */
export class ContractCompileError extends BaseError {
  override name = 'ContractCompileError'
  override code = 'CONTRACT_COMPILE_FAILED'
  constructor({ contract, errors, cause }: { contract: string; errors: string[]; cause?: unknown }) {
    super(`Compiling ${contract} failed.`, { cause, metaMessages: errors.slice(0, 10) })
  }
}

/** A contract deployment or its set-up transactions failed. */
export class ContractDeployError extends BaseError {
  override name = 'ContractDeployError'
  override code = 'CONTRACT_DEPLOY_FAILED'
  constructor({ contract, rpcUrl, reason, cause }: { contract: string; rpcUrl: string; reason: string; cause?: unknown }) {
    super(`Deploying ${contract} to ${rpcUrl} failed: ${reason}`, { cause })
  }
}
