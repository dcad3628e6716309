import { defineSolanaNetwork } from './defineSolanaNetwork.js'

/** Solana devnet (`solana:devnet` to Wallet Standard wallets). */
export const solanaDevnet = defineSolanaNetwork({
  reference: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  rpcUrls: ['https://api.devnet.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  testnet: true,
})
