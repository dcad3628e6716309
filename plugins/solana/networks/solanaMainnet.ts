import solanaLogo from '@web3icons/core/svgs/networks/branded/solana.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineSolanaNetwork } from './defineSolanaNetwork.js'

/** Solana mainnet-beta (`solana:mainnet` to Wallet Standard wallets). */
export const solanaMainnet = /* @__PURE__ */ defineSolanaNetwork({
  reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  rpcUrls: ['https://api.mainnet-beta.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  testnet: false,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(solanaLogo),
})
