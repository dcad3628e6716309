import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import { InvalidDevnetParameterError, PortInUseError } from '../../../sandbox/devnets/errors.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import { findAnvilProcesses } from './findAnvilProcesses.js'

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return check()
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

describe('startAnvil: two chains at once', () => {
  let chains: Anvil[] = []
  beforeAll(async () => {
    chains = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  })
  afterAll(async () => {
    await Promise.all(chains.map((chain) => chain.stop()))
  })

  it('answers each chain id on its own port of 127.0.0.1', async () => {
    const [a, b] = chains as [Anvil, Anvil]
    expect(a.port).not.toBe(b.port)
    expect(a.rpcUrl).toBe(`http://127.0.0.1:${a.port}`)
    for (const chain of [a, b]) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(await client.getChainId()).toBe(chain.chainId)
      expect(await client.getBalance({ address: devAddresses[0]! })).toBe(10_000n * 10n ** 18n)
    }
    expect([a.chainId, b.chainId]).toEqual([31337, 31338])
  })

  it('refuses a taken port with a clear error and leaves no process behind', async () => {
    const taken = chains[0]!.port
    const attempt = startAnvil({ chainId: 31391, port: taken })
    await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
    await expect(attempt).rejects.toThrow(`Port ${taken} on 127.0.0.1 is already in use`)
    expect(await waitUntil(() => findAnvilProcesses(31391).length === 0, 5_000)).toBe(true)
    // The chain that holds the port is untouched.
    const client = createPublicClient({ transport: http(chains[0]!.rpcUrl) })
    expect(await client.getChainId()).toBe(31337)
  })
})

describe('startAnvil: lifecycle', () => {
  it('listens on a requested port, and stop() ends every process it started and frees the port', async () => {
    const probe = createServer()
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    )
    await new Promise((resolve) => probe.close(resolve))

    const anvil = await startAnvil({ chainId: 31392, port })
    expect(anvil.port).toBe(port)
    expect(findAnvilProcesses(31392).length).toBeGreaterThanOrEqual(2) // the guard and anvil
    await anvil.stop()
    expect(findAnvilProcesses(31392)).toEqual([])
    expect(await isPortFree(port)).toBe(true)
    await anvil.stop() // a second stop is harmless
    await expect(fetch(anvil.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
  })

  it('kills its anvil when the parent process dies, even by SIGKILL', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/anvilChild.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = ''
        let err = ''
        const timer = setTimeout(() => reject(new Error(`child did not start anvil: ${err}`)), 20_000)
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const match = /port (\d+)/.exec(out)
          if (match) {
            clearTimeout(timer)
            resolve(Number(match[1]))
          }
        })
      })
      expect(findAnvilProcesses(31399).length).toBeGreaterThanOrEqual(1)
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
      expect(await waitUntil(() => findAnvilProcesses(31399).length === 0, 10_000)).toBe(true)
      expect(await isPortFree(port)).toBe(true)
    } finally {
      child.kill('SIGKILL')
    }
  }, 40_000)

  it.each([
    [{ chainId: 0 }, /chainId must be a positive integer/],
    [{ chainId: -5 }, /chainId must be a positive integer/],
    [{ chainId: 1.5 }, /chainId must be a positive integer/],
    [{ chainId: '31337' as unknown as number }, /chainId must be a positive integer/],
    [{ chainId: 31337, port: 70_000 }, /port must be an integer from 0 to 65535/],
    [{ chainId: 31337, port: -1 }, /port must be an integer from 0 to 65535/],
    [null as unknown as { chainId: number }, /expected \{ chainId, port\? \}/],
  ])('refuses bad parameters %j before spawning anything', async (parameters, message) => {
    const attempt = startAnvil(parameters)
    await expect(attempt).rejects.toBeInstanceOf(InvalidDevnetParameterError)
    await expect(attempt).rejects.toThrow(message)
  })
})
