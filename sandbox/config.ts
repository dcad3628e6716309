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
 * - `PORT + 6` the Substrate node (Chopsticks running a real runtime), JSON-RPC over HTTP and websocket
 * - `PORT + 7` the Sui ledger's GraphQL RPC (`/graphql`) and full-node JSON-RPC
 * - `PORT + 8` the Stacks ledger's node API (`/v2/…`) and blockchain API (`/extended/v1/…`)
 * - `PORT + 9` the local SMTP sink (emails the server sends; read them at `/sandbox/mail`)
 * - `PORT + 10` the identity provider (OpenID Connect issuers `/google`, `/apple`, `/discord`, `/x`, `/facebook`; GitHub-shaped OAuth 2 at `/github`)
 * - `PORT + 11` the wallet origin: the same server, answering the embedded wallet's frame and `/auth/v1`
 * - `PORT + 12` the alto ERC-4337 bundler of Devnet A (browsers reach it through the server's `/v1/bundler`)
 * - `PORT + 13` the alto ERC-4337 bundler of Devnet B
 *
 * Every chain is started through one seam, `chains/sandboxChains.ts`; a new chain takes the next port.
 */

import { bitcoinSandboxCaipNetworkId } from './bitcoin/bitcoinSandboxChain.js'
import { cosmosSandboxCaipNetworkId, cosmosSandboxTokenDenom } from './cosmos/cosmosSandboxChain.js'
import { polkadotSandboxCaipNetworkId } from './polkadot/polkadotSandboxChain.js'
import { solanaSandboxCaipNetworkId } from './solana/solanaSandboxChain.js'
import { stacksSandboxCaipNetworkId } from './stacks/stacksSandboxChain.js'
import { suiSandboxCaipNetworkId } from './sui/suiSandboxChain.js'

/** The `PORT` used when the environment does not set one. */
export const defaultSandboxPort = 4700

/** The host every sandbox part binds to. Nothing listens on another interface. */
export const sandboxHost = '127.0.0.1'

/** The project id of the demo site (the server's only configured project). */
export const sandboxProjectId = 'demo'
/**
 * A second project of the sandbox whose configuration turns the remote feature `emailCapture` on
 * (the demo uses it when opened with `?emailCapture=1`); its export token is below.
 */
export const sandboxEmailCaptureProjectId = 'demo-capture'
/** The bearer token of `GET /v1/email-capture/export?projectId=demo-capture` in the sandbox (loopback only). */
export const sandboxEmailExportToken = 'sandbox-export-token'
/**
 * The ENS names the sandbox gives dev accounts on Devnet A (by index into the dev accounts), with
 * an avatar of that colour. Account 0 (the dev wallets' default account) has none, so the zone's
 * names show for it; open the demo with `?devAccount=1` to be bob.eth.
 */
export const sandboxEnsNames = [
  { account: 1, name: 'bob.eth', colour: '#2f6fdb' },
  { account: 2, name: 'carol.eth', colour: '#c2410c' },
] as const
/**
 * ENS on Devnet A: the universal resolver viem calls (deployed by the sandbox's ENS key at its
 * fourth transaction, so the address is the same on every start; a test pins it).
 */
export const sandboxEnsUniversalResolver = '0x0F5CDf641C20Ee9999657c3204EFB36AA279bc8B'
/**
 * ERC-4337 on both devnets (`sandbox/accountAbstraction`): EntryPoint v0.7 at its canonical address,
 * and the SimpleAccountFactory and VerifyingPaymaster the CREATE2 deployer puts at fixed addresses
 * (salt 0; a test pins them).
 */
export const sandboxAccountAbstraction = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  factory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
  paymaster: '0x897f0dd22058e6341df544Ced6B9e82F0B20502D',
} as const
/** The sandbox server's name zone: names such as `alice-1234.portico.id`. */
export const sandboxNameZone = 'portico.id'

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
  polkadot: number
  sui: number
  stacks: number
  /** The SMTP sink the server sends its emails to. */
  mail: number
  /** The identity provider (plays Google, Apple, Discord, X, Facebook and GitHub). */
  identity: number
  /** The wallet origin of the embedded wallet (a second listener of the server). */
  walletFrame: number
  /** The alto bundler of Devnet A. */
  bundlerA: number
  /** The alto bundler of Devnet B. */
  bundlerB: number
}

/**
 * The ports a sandbox on `base` uses (`base` .. `base + 13`).
 *
 * @param base the server's port (`PORT`)
 * @returns the ports by role
 * @example
 * sandboxPorts(4700) // { server: 4700, anvilA: 4701, anvilB: 4702, solana: 4703, bitcoin: 4704, cosmos: 4705, polkadot: 4706, sui: 4707, stacks: 4708, mail: 4709, identity: 4710, walletFrame: 4711, bundlerA: 4712, bundlerB: 4713 }
 */
export function sandboxPorts(base: number): SandboxPorts {
  return { server: base, anvilA: base + 1, anvilB: base + 2, solana: base + 3, bitcoin: base + 4, cosmos: base + 5, polkadot: base + 6, sui: base + 7, stacks: base + 8, mail: base + 9, identity: base + 10, walletFrame: base + 11, bundlerA: base + 12, bundlerB: base + 13 }
}

/** The highest `PORT` the sandbox accepts (Devnet B's bundler takes `PORT + 13`). */
export const maxSandboxPort = 65_535 - 13

/** One EVM devnet of the sandbox. */
export type SandboxEvmChain = {
  chainId: number
  caipNetworkId: `eip155:${number}`
  name: string
  /** Which port of {@link SandboxPorts} its anvil listens on. */
  portKey: 'anvilA' | 'anvilB'
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Whether ENS is deployed on it (Devnet A), with the names of {@link sandboxEnsNames}. */
  ens?: boolean
  /** Which port of {@link SandboxPorts} its alto bundler listens on. */
  bundlerPortKey: 'bundlerA' | 'bundlerB'
}

/** The two anvil devnets. */
export const sandboxEvmChains: readonly SandboxEvmChain[] = [
  {
    chainId: 31337,
    caipNetworkId: 'eip155:31337',
    ens: true,
    name: 'Portico Devnet A',
    portKey: 'anvilA',
    bundlerPortKey: 'bundlerA',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
  {
    chainId: 31338,
    caipNetworkId: 'eip155:31338',
    name: 'Portico Devnet B',
    portKey: 'anvilB',
    bundlerPortKey: 'bundlerB',
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
 * The Substrate chain: Chopsticks executing the Rococo Asset Hub runtime (a real runtime, so real
 * signature, nonce, fee and existential-deposit checks) from its raw chain spec, offline. Its CAIP-2
 * reference is the first 32 hex digits of the genesis hash the node reports.
 */
export const sandboxPolkadotChain = {
  caipNetworkId: polkadotSandboxCaipNetworkId,
  name: 'Portico Substrate Devnet',
  portKey: 'polkadot',
  nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
  /** Price of ROC in the sandbox's table (USD). */
  priceUsd: 5,
} as const

/**
 * The Sui chain: a verifying ledger of coin objects of our own (no Sui node runs offline) behind
 * Sui's GraphQL RPC (at `/graphql`, what the plugin's presets use) and the full-node JSON-RPC
 * subset `@mysten/sui`'s `SuiClient` uses. Wallets call a local network
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
/**
 * The private keys of the first 10 dev accounts (the standard test mnemonic's, public knowledge; a
 * test pins them to `devAccount(i)`). The dev wallet signs as `devPrivateKeys[N]` on a page opened
 * with `?devAccount=N`.
 */
export const devPrivateKeys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const

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

/**
 * The Safe contracts and Safes the sandbox deploys on both devnets (`sandbox/safe/deploySafe.ts`:
 * its own deployer key and fixed salts, so the addresses are the same on every start and both
 * devnets; a test pins them). `safes[0]` is the 1-of-1 (dev account 0), `safes[1]` the 2-of-3
 * (dev accounts 0, 1, 2); each holds 10 ETH and 1,000 pUSD after a start.
 */
export const sandboxSafes = {
  singleton: '0xe0d30416654Acc8107249B323808E3D8B49D2145',
  proxyFactory: '0x4884Aec4E4F2e6c6Cc35dDBF44A87d05Af4168E9',
  fallbackHandler: '0x23dd4Fd6395C8B493E18C16fD4d224EE8E270e12',
  multiSendCallOnly: '0x359A8861c8D9b5F2d7C34080560cD880ca746E53',
  safes: [
    { address: '0x967C2704A0F0CF74ED18f7e28DcAa636e6FBa92e', threshold: 1, ownerIndexes: [0] },
    { address: '0x85e0255009E2d5023FAAB3F2Bacd9c0a20d7Fec9', threshold: 2, ownerIndexes: [0, 1, 2] },
  ],
} as const

/**
 * The server's ERC-4337 bundler route for a chain (docs/guides/smart-accounts.md §3), relative to
 * the sandbox origin: what `/sandbox.json` lists as `bundlerUrl` and where the dev wallet's smart
 * account sends its user operations.
 *
 * @param origin e.g. `http://127.0.0.1:4700`
 * @param caipNetworkId e.g. `eip155:31337`
 * @returns the route's URL
 * @example
 * sandboxBundlerUrl('http://127.0.0.1:4700', 'eip155:31337') // 'http://127.0.0.1:4700/v1/bundler?projectId=demo&chainId=eip155%3A31337&bundler=alto'
 */
export function sandboxBundlerUrl(origin: string, caipNetworkId: string): string {
  return `${origin}/v1/bundler?projectId=${sandboxProjectId}&chainId=${encodeURIComponent(caipNetworkId)}&bundler=alto`
}
