import { sandboxHost } from '../config.js'
import { PortInUseError } from '../devnets/errors.js'
import { polkadotSandboxGenesisHash } from './polkadotSandboxChain.js'

/** A running Substrate node: its JSON-RPC (HTTP and websocket on one port) and `stop()`. */
export type PolkadotNode = {
  /** `http://127.0.0.1:<port>` (JSON-RPC over HTTP POST; `ws://` on the same port). */
  rpcUrl: string
  wsUrl: string
  /** Sets storage through chopsticks' `dev_setStorage` (the premine of the faucet). */
  setStorage(changes: unknown): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts a real Substrate runtime offline: Chopsticks (`@acala-network/chopsticks`) executing the
 * Rococo Asset Hub runtime (the raw chain spec with its wasm that `@substrate/connect-known-chains`
 * ships) from genesis, no upstream node, bound to 127.0.0.1, a block built as soon as a
 * transaction arrives. Signatures, nonces, fees, mortality and the existential deposit are checked
 * by the runtime itself.
 *
 * @param parameters the port
 * @returns the node
 * @throws PortInUseError when the port is taken
 * @example
 * const node = await startPolkadotNode({ port: 4706 })
 */
export async function startPolkadotNode({ port }: { port: number }): Promise<PolkadotNode> {
  // Chopsticks logs through pino at "info" unless told otherwise; the sandbox prints only problems.
  process.env.LOG_LEVEL ??= 'error'
  const [{ setupWithServer, BuildBlockMode }, { chainSpec }] = await Promise.all([import('@acala-network/chopsticks'), import('@substrate/connect-known-chains/rococo_v2_2_asset_hub')])
  let context: Awaited<ReturnType<typeof setupWithServer>>
  try {
    context = await setupWithServer({ genesis: JSON.parse(chainSpec), port, host: sandboxHost, 'build-block-mode': BuildBlockMode.Instant } as Parameters<typeof setupWithServer>[0])
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EADDRINUSE' || /EADDRINUSE|address already in use/i.test(String((cause as Error).message))) throw new PortInUseError({ port, what: 'the Substrate node', cause })
    throw cause
  }
  const genesis = await context.chain.getBlockAt(0)
  if (genesis?.hash !== polkadotSandboxGenesisHash) {
    await context.close()
    throw new Error(`The Substrate node's genesis hash is ${String(genesis?.hash)}, not ${polkadotSandboxGenesisHash}`)
  }
  const rpcUrl = `http://${sandboxHost}:${port}`
  let stopped: Promise<void> | undefined
  return {
    rpcUrl,
    wsUrl: `ws://${sandboxHost}:${port}`,
    async setStorage(changes) {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'dev_setStorage', params: [changes] }) })
      const body = (await response.json()) as { error?: { message?: string } }
      if (body.error) throw new Error(`dev_setStorage failed: ${body.error.message ?? 'error'}`)
    },
    stop: () => (stopped ??= context.close().catch(() => undefined)),
  }
}
