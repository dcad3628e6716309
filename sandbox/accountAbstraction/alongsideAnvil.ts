import type { Anvil } from '../devnets/startAnvil.js'
import { SandboxPortInUseError, SandboxStartError } from '../errors.js'
import { BundlerStartError } from './AccountAbstractionError.js'
import { type SandboxAccountAbstraction, startAccountAbstraction } from './startAccountAbstraction.js'

/** An anvil whose ERC-4337 setup (contracts and alto) runs beside the chain's other deployments. */
export type AnvilWithAccountAbstraction = Anvil & {
  /** Resolves once the contracts are deployed and alto answers; rejects with a SandboxStartError. */
  accountAbstraction: Promise<SandboxAccountAbstraction | undefined>
}

/**
 * Starts ERC-4337 on `anvil` at once (its own keys, so it runs in parallel with the devnet's other
 * deployments) and returns the anvil with that setup attached: its `stop()` stops alto first.
 * Without a bundler port (a chain started outside the sandbox), nothing is started.
 *
 * @param anvil the running anvil
 * @param parameters the chain and alto's port and log file
 * @example
 * startThen(startAnvil({ chainId, port }).then((anvil) => alongsideAnvil(anvil, { caipNetworkId, bundlerPort })), async (anvil) => …)
 */
export function alongsideAnvil(anvil: Anvil, { caipNetworkId, bundlerPort, basePort, logFile }: { caipNetworkId: string; bundlerPort: number | undefined; basePort?: number; logFile?: string }): AnvilWithAccountAbstraction {
  const what = `the alto bundler of ${caipNetworkId} (port ${bundlerPort})`
  const accountAbstraction =
    bundlerPort === undefined
      ? Promise.resolve(undefined)
      : startAccountAbstraction({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, caipNetworkId, bundlerPort, ...(logFile ? { logFile } : {}) }).catch((cause: unknown) => {
          if (cause instanceof BundlerStartError && /already in use/.test(cause.shortMessage) && basePort !== undefined) throw new SandboxPortInUseError({ port: bundlerPort, basePort, what, cause })
          throw new SandboxStartError({ part: cause instanceof BundlerStartError ? what : `ERC-4337 on ${caipNetworkId}`, reason: (cause as { shortMessage?: string }).shortMessage ?? (cause as Error).message, cause })
        })
  // A failure is reported when awaited; until then it must not count as unhandled.
  accountAbstraction.catch(() => undefined)
  return {
    ...anvil,
    accountAbstraction,
    stop: async () => {
      await accountAbstraction.then((aa) => aa?.stop(), () => undefined)
      await anvil.stop()
    },
  }
}
