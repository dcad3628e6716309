import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { createServer, type PorticoServer } from '../../../server/createServer.js'
import { registerPaymasterRoute } from '../../../sandbox/accountAbstraction/registerPaymasterRoute.js'
import { type SandboxAccountAbstraction, startAccountAbstraction } from '../../../sandbox/accountAbstraction/startAccountAbstraction.js'
import { deployPorticoUsd } from '../../../sandbox/devnets/deployPorticoUsd.js'
import { type Anvil, startAnvil } from '../../../sandbox/devnets/startAnvil.js'
import { assertPortFree } from '../../../sandbox/utils/assertPortFree.js'

/** anvil (31337) with pUSD, ERC-4337 and alto, and a Portico server with the bundler and paymaster routes. */
export type AaStack = {
  anvil: Anvil
  aa: SandboxAccountAbstraction
  server: PorticoServer
  url: string
  pUsd: `0x${string}`
  caipNetworkId: 'eip155:31337'
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 30_000 + Math.floor(Math.random() * 20_000)
    try {
      await assertPortFree(port)
      return port
    } catch {
      // taken
    }
  }
  throw new Error('no free port')
}

/**
 * Starts the real stack the ERC-4337 tests run against (one anvil, one alto, one server).
 *
 * @example
 * const stack = await startAaStack()
 */
export async function startAaStack(): Promise<AaStack> {
  const caipNetworkId = 'eip155:31337' as const
  const anvil = await startAnvil({ chainId: 31337 })
  const stops: (() => Promise<unknown>)[] = [() => anvil.stop()]
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined)
  }
  try {
    const token = await deployPorticoUsd({ rpcUrl: anvil.rpcUrl, chainId: 31337 })
    const aa = await startAccountAbstraction({ rpcUrl: anvil.rpcUrl, chainId: 31337, caipNetworkId, bundlerPort: await freePort() })
    stops.push(() => aa.stop())
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-aa-'))
    stops.push(() => rm(dataDir, { recursive: true, force: true }))
    const server = await createServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      relay: false,
      indexer: false,
      chains: [{ caipNetworkId, name: 'Devnet A', rpcUrl: anvil.rpcUrl, testnet: true, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      projects: { demo: { allowedOrigins: ['http://127.0.0.1:4700'] } },
      bundlers: { [caipNetworkId]: aa.bundler },
      extend: (app) => registerPaymasterRoute(app, { paymasters: new Map([[caipNetworkId, aa.paymaster]]) }),
    })
    stops.push(() => server.close())
    return { anvil, aa, server, url: server.url, pUsd: token.address, caipNetworkId, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
