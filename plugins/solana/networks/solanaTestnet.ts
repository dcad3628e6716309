import { defineSolanaNetwork } from './defineSolanaNetwork.js'

/** Solana testnet (`solana:testnet` to Wallet Standard wallets). */
export const solanaTestnet = defineSolanaNetwork({
  reference: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  rpcUrls: ['https://api.testnet.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  testnet: true,
})
