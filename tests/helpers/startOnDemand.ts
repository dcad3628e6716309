import { jsonRpcCall } from '../../sandbox/chains/SandboxChain.js'
import { sandboxEvmChains, sandboxPorts } from '../../sandbox/config.js'
import type { TestSandbox } from './startSandbox.js'

/**
 * Starts the sandbox's alto bundler of one devnet (Devnet A's unless told) and waits until it
 * answers. The sandbox starts alto on the first request to a bundler's port
 * (sandbox/accountAbstraction/startAltoOnDemand.ts), and that request waits for it; through the
 * server's `/v1/bundler` a wallet's first user operation would be timed against alto's start (the
 * server gives a bundler 8 s), which a machine busy with other test files can exceed. The ERC-4337
 * files call this in `beforeAll`, so their tests time the bundler's answers, not its start. Only the
 * devnet a file uses: a running alto polls its anvil several times a second until the sandbox stops.
 *
 * @param sandbox a running sandbox
 * @param chainId the devnet whose bundler to start
 * @example
 * await startSandboxBundler(sandbox)
 */
export async function startSandboxBundler(sandbox: Pick<TestSandbox, 'port'>, chainId: 'eip155:31337' | 'eip155:31338' = 'eip155:31337'): Promise<void> {
  const chain = sandboxEvmChains.find((c) => c.caipNetworkId === chainId)!
  const port = sandboxPorts(sandbox.port)[chain.bundlerPortKey]
  const entryPoints = await jsonRpcCall(`http://127.0.0.1:${port}`, 'eth_supportedEntryPoints', [], AbortSignal.timeout(120_000))
  if (!Array.isArray(entryPoints)) throw new Error(`The sandbox's bundler of ${chainId} answered no entry points: ${JSON.stringify(entryPoints)}`)
}

/**
 * Starts the sandbox's Substrate node (Chopsticks) and waits until it answers. A test suite's
 * sandbox starts it on the first connection to its port (`PORTICO_SANDBOX_ON_DEMAND=1`), and that
 * connection waits; through the server's RPC proxy a page's first request would be timed against
 * the runtime's start (the proxy gives a node 8 s). Files that drive the chain through a page call
 * this in `beforeAll`.
 *
 * @param sandbox a running sandbox
 * @example
 * await startSandboxPolkadot(sandbox)
 */
export async function startSandboxPolkadot(sandbox: Pick<TestSandbox, 'port'>): Promise<void> {
  const { polkadot } = sandboxPorts(sandbox.port)
  const genesis = await jsonRpcCall(`http://127.0.0.1:${polkadot}`, 'chain_getBlockHash', [0], AbortSignal.timeout(120_000))
  if (typeof genesis !== 'string') throw new Error(`The sandbox's Substrate node answered no genesis hash: ${JSON.stringify(genesis)}`)
}
