// Real logos for the image endpoints, from @web3icons/core (MIT). Only the files named here are
// loaded, each once, on first use; anything else gets the generated tile.

/** Token symbol (upper case) → the file under `@web3icons/core/svgs/tokens/branded/`. */
const tokenFiles: Record<string, string> = Object.fromEntries(
  'ETH WETH SOL BTC WBTC USDC USDT DAI MATIC POL BNB AVAX ATOM OSMO DOT KSM SUI STX OP ARB LINK UNI'.split(' ').map((symbol) => [symbol, symbol]),
)
/** CAIP-2 network id → the file under `…/svgs/networks/branded/`. */
const networkFiles: Record<string, string> = {
  'eip155:1': 'ethereum',
  'eip155:11155111': 'ethereum',
  'eip155:8453': 'base',
  'eip155:10': 'optimism',
  'eip155:42161': 'arbitrum-one',
  'eip155:137': 'polygon',
  'eip155:56': 'binance-smart-chain',
  'eip155:43114': 'avalanche',
  'eip155:100': 'gnosis',
  'eip155:59144': 'linea',
  'eip155:534352': 'scroll',
  'eip155:324': 'zksync',
  'eip155:42220': 'celo',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana',
}
/** Namespace → its family's logo; a chain of that namespace with no logo of its own uses it. */
const namespaceFiles: Record<string, string> = {
  eip155: 'ethereum',
  solana: 'solana',
  bip122: 'bitcoin',
  cosmos: 'cosmos',
  polkadot: 'polkadot',
  sui: 'sui',
  stacks: 'stacks',
}
/** Connector asset id → the file under `…/svgs/wallets/branded/`. */
const assetFiles: Record<string, string> = { walletConnect: 'wallet-connect' }

const cache = new Map<string, Promise<string | undefined>>()

function load(kind: 'tokens' | 'networks' | 'wallets', file: string | undefined): Promise<string | undefined> {
  if (!file) return Promise.resolve(undefined)
  const specifier = `@web3icons/core/svgs/${kind}/branded/${file}.svg.js`
  let pending = cache.get(specifier)
  if (!pending) {
    pending = import(specifier).then(
      (module: { default?: unknown }) => (typeof module.default === 'string' && module.default.trimStart().startsWith('<svg') ? module.default : undefined),
      () => undefined,
    )
    cache.set(specifier, pending)
  }
  return pending
}

/**
 * The logo of a token symbol, or undefined when the icon set has none.
 *
 * @example
 * await tokenLogo('ETH') // '<svg …>'
 */
export function tokenLogo(symbol: string): Promise<string | undefined> {
  return load('tokens', Object.hasOwn(tokenFiles, symbol) ? tokenFiles[symbol] : undefined)
}

/**
 * The logo of a CAIP-2 network (its own, else its namespace's), of a namespace, or of a connector
 * asset such as `walletConnect`; undefined when nothing is known.
 *
 * @example
 * await assetLogo('eip155:8453') // Base's logo
 * await assetLogo('eip155:31337') // Ethereum's logo (an EVM chain with none of its own)
 */
export function assetLogo(id: string): Promise<string | undefined> {
  if (Object.hasOwn(assetFiles, id)) return load('wallets', assetFiles[id])
  if (Object.hasOwn(networkFiles, id)) return load('networks', networkFiles[id])
  const namespace = id.split(':')[0] as string
  return load('networks', Object.hasOwn(namespaceFiles, namespace) ? namespaceFiles[namespace] : undefined)
}
