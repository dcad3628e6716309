import { sandboxPorts } from '../../sandbox/config.js'
import type { TestSandbox } from './startSandbox.js'

/**
 * Starts the sandbox's alto bundlers and waits until both answer. The sandbox starts alto on the
 * first request to a bundler's port (sandbox/accountAbstraction/startAltoOnDemand.ts), and that
 * request waits for it; through the server's `/v1/bundler` a wallet's first user operation would
 * be timed against alto's start (the server gives a bundler 8 s), which a machine busy with other
 * test files can exceed. The ERC-4337 files call this in `beforeAll`, so their tests time the
 * bundler's answers, not its start.
 *
 * @param sandbox a running sandbox
 * @example
 * await startSandboxBundlers(sandbox)
 */
export async function startSandboxBundlers(sandbox: Pick<TestSandbox, 'port'>): Promise<void> {
  const { bundlerA, bundlerB } = sandboxPorts(sandbox.port)
  await Promise.all(
    [bundlerA, bundlerB].map(async (port) => {
      const response = await fetch(`http://127.0.0.1:${port}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
        signal: AbortSignal.timeout(120_000),
      })
      const body = (await response.json()) as { result?: unknown; error?: { message: string } }
      if (!Array.isArray(body.result)) throw new Error(`The sandbox's bundler on port ${port} did not start: ${body.error?.message ?? JSON.stringify(body)}`)
    }),
  )
}
