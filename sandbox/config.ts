/**
 * The sandbox's configuration in one place: ports, chains, prices, the project id and the dev
 * accounts. `sandbox/start.ts`, the tests and later issues import it; nothing here starts anything.
 *
 * Ports are derived from one base port (`PORT`, default 4700):
 * - `PORT`     the Portico server (API, RPC proxy, relay, demo site, wallet page, dev wallet script)
 * - `PORT + 1` anvil, chain id 31337 ("Portico Devnet A")
 * - `PORT + 2` anvil, chain id 31338 ("Portico Devnet B")
 * - `PORT + 3` the LiteSVM-backed Solana JSON-RPC (HTTP and websocket on one port)
 * - `PORT + 4` the Bitcoin regtest ledger's Esplora REST API (`/api/…`)
 * - `PORT + 5` the Cosmos ledger's CometBFT RPC (POST `/`) and REST gateway (`/cosmos/…`)
 * - `PORT + 7` the Sui ledger's full-node JSON-RPC (`+6` is reserved for polkadot)
 * - `PORT + 8` the Stacks ledger's node API (`/v2/…`) and blockchain API (`/extended/v1/…`)
 *
 * Every chain is started through one seam, `chains/sandboxChains.ts`; a new chain takes the next port.
 */

import { bitcoinSandboxCaipNetworkId } from './bitcoin/bitcoinSandboxChain.js'
import { cosmosSandboxCaipNetworkId, cosmosSandboxTokenDenom } from './cosmos/cosmosSandboxChain.js'
import { solanaSandboxCaipNetworkId } from './solana/solanaSandboxChain.js'
import { stacksSandboxCaipNetworkId } from './stacks/stacksSandboxChain.js'
import { suiSandboxCaipNetworkId } from './sui/suiSandboxChain.js'

/** The `PORT` used when the environment does not set one. */
export const defaultSandboxPort = 4700

/** The host every sandbox part binds to. Nothing listens on another interface. */
export const sandboxHost = '127.0.0.1'

/** The project id of the demo site (the server's only configured project). */
export const sandboxProjectId = 'demo'

/** Price table of the sandbox (USD). */
export const sandboxPrices = { eth: 3000, pUsd: 1 } as const

/** The ports of one sandbox, derived from its base port. */
export type SandboxPorts = {
  server: number
  anvilA: number
  anvilB: number
  solana: number
  bitcoin: number
  cosmos: number
  sui: number
  stacks: number
}

/**
 * The ports a sandbox on `base` uses (`base` .. `base + 8`; `base + 6` is reserved for polkadot).
 *
 * @param base the server's port (`PORT`)
 * @returns the ports by role
 * @example
 * sandboxPorts(4700) // { server: 4700, anvilA: 4701, anvilB: 4702, solana: 4703, bitcoin: 4704, cosmos: 4705, sui: 4707, stacks: 4708 }
 */
export function sandboxPorts(base: number): SandboxPorts {
  return { server: base, anvilA: base + 1, anvilB: base + 2, solana: base + 3, bitcoin: base + 4, cosmos: base + 5, sui: base + 7, stacks: base + 8 }
}

/** The highest `PORT` the sandbox accepts (its last chain takes `PORT + 8`). */
export const maxSandboxPort = 65_535 - 8

/** One EVM devnet of the sandbox. */
export type SandboxEvmChain = {
  chainId: number
  caipNetworkId: `eip155:${number}`
  name: string
  /** Which port of {@link SandboxPorts} its anvil listens on. */
  portKey: 'anvilA' | 'anvilB'
  nativeCurrency: { name: string; symbol: string; decimals: number }
}

/** The two anvil devnets. */
export const sandboxEvmChains: readonly SandboxEvmChain[] = [
  {
    chainId: 31337,
    caipNetworkId: 'eip155:31337',
    name: 'Portico Devnet A',
    portKey: 'anvilA',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
  {
    chainId: 31338,
    caipNetworkId: 'eip155:31338',
    name: 'Portico Devnet B',
    portKey: 'anvilB',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
]

/**
 * The local Solana chain. LiteSVM has no genesis block, so the sandbox's Solana RPC reports a fixed
 * genesis hash (see `solana/solanaSandboxChain.ts`); per CAIP-30 the chain's reference is its first
 * 32 base58 characters.
 */
export const sandboxSolanaChain = {
  caipNetworkId: solanaSandboxCaipNetworkId,
  name: 'Portico Solana Localnet',
  portKey: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  /** Price of SOL in the sandbox's table (USD). */
  priceUsd: 150,
} as const

/**
 * The Bitcoin regtest chain: a verifying UTXO ledger of our own (no bitcoind runs offline) behind
 * the Esplora REST API. Its CAIP-2 reference is the first 32 hex characters of regtest's genesis
 * block hash (CAIP-4).
 */
export const sandboxBitcoinChain = {
  caipNetworkId: bitcoinSandboxCaipNetworkId,
  name: 'Portico Bitcoin Regtest',
  portKey: 'bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  /** Price of BTC in the sandbox's table (USD). */
  priceUsd: 60_000,
  /** A block is mined this often while transactions wait (faucet payments are mined at once). */
  blockIntervalMs: 3_000,
} as const

/**
 * The Cosmos chain: a verifying bank ledger of our own (no `simd` or `gaiad` runs offline) behind
 * CometBFT RPC and the REST gateway. Its CAIP-2 reference is the chain id verbatim.
 */
export const sandboxCosmosChain = {
  caipNetworkId: cosmosSandboxCaipNetworkId,
  name: 'Portico Cosmos Localnet',
  portKey: 'cosmos',
  nativeCurrency: { name: 'Portico Token', symbol: 'PTC', decimals: 6 },
  /** Price of PTC in the sandbox's table (USD). */
  priceUsd: 8,
  /** The bank denom with metadata beside the native one. */
  token: { denom: cosmosSandboxTokenDenom, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 },
} as const

/**
 * The Sui chain: a verifying ledger of coin objects of our own (no Sui node runs offline) behind
 * the full-node JSON-RPC subset `@mysten/sui`'s `SuiClient` uses. Wallets call a local network
 * `sui:localnet`.
 */
export const sandboxSuiChain = {
  caipNetworkId: suiSandboxCaipNetworkId,
  name: 'Portico Sui Localnet',
  portKey: 'sui',
  nativeCurrency: { name: 'Sui', symbol: 'SUI', decimals: 9 },
  /** Price of SUI in the sandbox's table (USD). */
  priceUsd: 2,
} as const

/**
 * The Stacks chain: a verifying ledger of our own (no Stacks node runs offline; Clarinet's simnet does
 * not check signatures) behind the Stacks node API and blockchain API subsets `@stacks/transactions`
 * and wallets use. Its chain id is testnet's plus one (`stacks:2147483649`), with testnet addresses.
 */
export const sandboxStacksChain = {
  caipNetworkId: stacksSandboxCaipNetworkId,
  name: 'Portico Stacks Localnet',
  portKey: 'stacks',
  nativeCurrency: { name: 'Stacks', symbol: 'STX', decimals: 6 },
  /** Price of STX in the sandbox's table (USD). */
  priceUsd: 2,
  /** Pending transactions are mined this often. */
  blockIntervalMs: 1_000,
} as const

/** The ERC-20 deployed on both devnets. */
export const sandboxToken = { name: 'Portico USD', symbol: 'pUSD', decimals: 6 } as const

/** The ERC-721 collection deployed on both devnets, with tokens 1..count minted to dev account 0. */
export const sandboxNftCollection = { name: 'Portico Pioneers', symbol: 'PPNR', count: 3 } as const

/**
 * How often the server's indexer polls each devnet (ms): short, so a transfer shows up in
 * `/v1/account/:address/history` within a second or so.
 */
export const sandboxIndexerPollMs = 500

/**
 * The first account of the standard test mnemonic (`test test … junk`), the dev wallets' account.
 * Its private key is public knowledge (anvil prints it); never use it anywhere real.
 */
export const devWalletAccount = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
} as const

/**
 * The server's JSON-RPC proxy URL for a chain, relative to the sandbox origin.
 *
 * @param origin e.g. `http://127.0.0.1:4700`
 * @param caipNetworkId e.g. `eip155:31337`
 * @returns the proxy URL
 * @example
 * sandboxRpcProxyUrl('http://127.0.0.1:4700', 'eip155:31337')
 */
export function sandboxRpcProxyUrl(origin: string, caipNetworkId: string): string {
  return `${origin}/v1/?chainId=${encodeURIComponent(caipNetworkId)}&projectId=${sandboxProjectId}`
}
