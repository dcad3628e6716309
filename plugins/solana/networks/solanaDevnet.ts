import solanaLogo from '@web3icons/core/svgs/networks/branded/solana.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineSolanaNetwork } from './defineSolanaNetwork.js'

/** Solana devnet (`solana:devnet` to Wallet Standard wallets). */
export const solanaDevnet = /* @__PURE__ */ defineSolanaNetwork({
  reference: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  rpcUrls: ['https://api.devnet.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  testnet: true,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(solanaLogo),
})
