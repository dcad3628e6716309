import { defineSolanaNetwork } from './defineSolanaNetwork.js'

/** Solana mainnet-beta (`solana:mainnet` to Wallet Standard wallets). */
export const solanaMainnet = defineSolanaNetwork({
  reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  rpcUrls: ['https://api.mainnet-beta.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  testnet: false,
})
