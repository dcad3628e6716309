import type { ChainConfig } from '../../server/createServer.js'
import type { SandboxAccountAbstractionInfo } from '../accountAbstraction/startAccountAbstraction.js'
import type { SandboxPaymaster } from '../accountAbstraction/createSandboxPaymaster.js'
import type { SandboxPorts } from '../config.js'

/** One entry of `/sandbox.json`'s `chains` (the shape `shared/CHAINS.md` asks of every namespace). */
export type SandboxChainInfo = {
  /** CAIP-2 namespace, e.g. `bip122`. */
  namespace: string
  caipNetworkId: string
  name: string
  /** The server's proxy for this chain's node API (JSON-RPC, or the Esplora REST base for bip122). */
  rpcUrl: string
  /** The node API itself (anvil, the Solana RPC, the Esplora base). */
  nodeUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  tokens: { address: string; name: string; symbol: string; decimals: number }[]
  nfts: { address: string; name: string; symbol: string; tokenIds: string[] }[]
  /** The chain's funded dev accounts (plain addresses; index 0 is the dev wallets'). */
  accounts: string[]
  /** ENS on this chain (Devnet A): its contracts (viem calls `universalResolver`) and the dev accounts' names. */
  ens?: { registry: string; resolver: string; reverseRegistrar: string; universalResolver: string; names: { name: string; address: string }[] }
  /** Safe 1.5.0 on this chain (EVM devnets): its contracts and the sandbox's Safes (`sandbox/safe`). */
  safe?: { singleton: string; proxyFactory: string; fallbackHandler: string; multiSendCallOnly: string; safes: { address: string; owners: string[]; threshold: number }[] }
  /** ERC-4337 on this chain (EVM devnets): contracts, the server's bundler route and the paymaster service. */
  accountAbstraction?: SandboxAccountAbstractionInfo
}

/** A sandbox chain once its node runs and its dev accounts are funded. */
export type SandboxChain = {
  /** What `/sandbox.json` lists, less the proxy URL (the sandbox adds it from the server's origin). */
  info: Omit<SandboxChainInfo, 'rpcUrl'>
  /** What the Portico server is configured with for this chain (balances, proxy, supported chains). */
  server: ChainConfig
  /** The server's proxy URL for this chain, given the server's origin. */
  proxyUrl(origin: string): string
  /**
   * Credits `amount` base units (wei, lamports, sats) to `address` with a real transaction and
   * resolves with its id once the funds are spendable.
   * @throws SandboxFaucetError when the address is not one of this chain's or the amount is out of range
   */
  fund(address: string, amount: bigint): Promise<{ txid: string }>
  /**
   * Pays `amount` base units of the ERC-20 `token` to `address` (EVM devnets: pUSD).
   * @throws SandboxFaucetError when the token is not one the faucet pays, or the address or amount is bad
   */
  fundToken?(address: string, token: string, amount: bigint): Promise<{ txid: string }>
  /** ERC-4337 on this chain: alto (the server's `bundlers` entry) and the ERC-7677 paymaster service. */
  accountAbstraction?: { bundler: { url: string; name: string; timeoutMs?: number }; paymaster: SandboxPaymaster }
  /**
   * Asks the node a question through the server's proxy; rejects when it does not answer. Absent
   * for a node started on demand (the probe would start it).
   */
  probe?(origin: string, signal: AbortSignal): Promise<void>
  stop(): Promise<void>
}

/**
 * How one sandbox chain is started. A new chain is one folder exporting one of these, one line in
 * `sandboxChains` and one port in `sandboxPorts`.
 */
export type SandboxChainDefinition = {
  caipNetworkId: string
  /** Which port of {@link SandboxPorts} its node listens on. */
  portKey: Exclude<keyof SandboxPorts, 'server'>
  /** What listens there, for error messages, e.g. `anvil (chain 31337)`. */
  label: string
  /**
   * Starts the node and funds the dev accounts. On failure it stops whatever it started.
   * @param context the node's port, the (future) server's origin, all the sandbox's ports, and
   *   `onDemand`: a chain that supports it may listen on its port and start its node on the first
   *   connection (the sandbox's `onDemand` option; the test suite's sandboxes use it)
   */
  start(context: { port: number; origin: string; ports?: SandboxPorts; onDemand?: boolean }): Promise<SandboxChain>
}

/** Posts one JSON-RPC request and returns its result; throws on HTTP or JSON-RPC errors. */
export async function jsonRpcCall(url: string, method: string, params: unknown[], signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    ...(signal ? { signal } : {}),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } }
  if (!response.ok || body.error || body.result === undefined) {
    throw Object.assign(new Error(`HTTP ${response.status} ${body.error?.message ?? JSON.stringify(body).slice(0, 200)}`), { rpcError: body.error })
  }
  return body.result
}

/**
 * Starts `run` after `start`; if `run` fails, stops what `start` returned before rethrowing.
 *
 * @example
 * return startThen(startAnvil({ chainId, port }), async (anvil) => ({ … }))
 */
export async function startThen<T extends { stop(): Promise<void> }, R>(started: Promise<T>, run: (part: T) => Promise<R>): Promise<R> {
  const part = await started
  try {
    return await run(part)
  } catch (error) {
    await part.stop().catch(() => undefined)
    throw error
  }
}
