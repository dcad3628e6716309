import type { Address } from 'viem'
import { upstreamTimeoutMs as upstreamCallMs } from '../../server/rpc/upstreamTimeoutMs.js'

import { sandboxBundlerUrl } from '../config.js'
import { type SandboxPaymaster, createSandboxPaymaster } from './createSandboxPaymaster.js'
import { deployAccountAbstraction } from './deployAccountAbstraction.js'
import { altoStartTimeoutMs } from './startAlto.js'
import { type OnDemandAlto, startAltoOnDemand } from './startAltoOnDemand.js'

export { sandboxBundlerUrl }

/** What `/sandbox.json` lists per EVM chain under `accountAbstraction`. */
export type SandboxAccountAbstractionInfo = {
  entryPoint: string
  factory: string
  paymaster: string
  /** The server's bundler route for this chain (contract §3). */
  bundlerUrl: string
  /** The sandbox's ERC-7677 paymaster service for this chain. */
  paymasterUrl: string
}

/** ERC-4337 on one running devnet. */
export type SandboxAccountAbstraction = {
  contracts: { entryPoint: Address; factory: Address; paymaster: Address }
  /** alto, as the server's `bundlers` entry for the chain (with the embedded wallet's smart account: the SimpleAccountFactory). */
  bundler: { url: string; name: 'alto'; timeoutMs: number; smartAccount: { factory: Address; entryPoint: Address } }
  /** alto's address, which starts alto on its first request ({@link startAltoOnDemand}). */
  alto: OnDemandAlto
  paymaster: SandboxPaymaster
  /** `/sandbox.json`'s entry, given the server's origin. */
  info(origin: string): SandboxAccountAbstractionInfo
  stop(): Promise<void>
}

export type StartAccountAbstractionParameters = {
  rpcUrl: string
  chainId: number
  caipNetworkId: string
  /** alto's port on 127.0.0.1. */
  bundlerPort: number
  /** alto's log (appended). */
  logFile?: string
}

/**
 * Sets up ERC-4337 on a running anvil: deploys the EntryPoint, factory and paymaster
 * ({@link deployAccountAbstraction}), opens alto's address on `bundlerPort` (alto itself starts on
 * the first request, {@link startAltoOnDemand}) and prepares the chain's ERC-7677 paymaster service.
 *
 * @param parameters the anvil, its CAIP-2 id and alto's port
 * @returns the contracts, the bundler, the paymaster service and `stop()`
 * @throws AccountAbstractionSetupError | BundlerStartError
 * @example
 * const aa = await startAccountAbstraction({ rpcUrl: anvil.rpcUrl, chainId: 31337, caipNetworkId: 'eip155:31337', bundlerPort: 4712 })
 */
export async function startAccountAbstraction({ rpcUrl, chainId, caipNetworkId, bundlerPort, logFile }: StartAccountAbstractionParameters): Promise<SandboxAccountAbstraction> {
  const { entryPoint, factory, paymaster } = await deployAccountAbstraction({ rpcUrl, chainId })
  const alto = await startAltoOnDemand({ rpcUrl, port: bundlerPort, entryPoint, ...(logFile ? { logFile } : {}) })
  return {
    contracts: { entryPoint, factory, paymaster },
    // The first call starts alto (startAltoOnDemand) and waits for it: the server gives it alto's
    // start time and a call's (ci8: 8 s was less than alto's start on a loaded machine).
    bundler: { url: alto.url, name: 'alto', timeoutMs: altoStartTimeoutMs + upstreamCallMs, smartAccount: { factory, entryPoint } },
    paymaster: createSandboxPaymaster({ rpcUrl, chainId, entryPoint, factory, paymaster }),
    alto,
    info: (origin) => ({ entryPoint, factory, paymaster, bundlerUrl: sandboxBundlerUrl(origin, caipNetworkId), paymasterUrl: `${origin}/sandbox/paymaster/${caipNetworkId}` }),
    stop: () => alto.stop(),
  }
}
