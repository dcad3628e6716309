import ethereumLogo from '@web3icons/core/svgs/networks/branded/ethereum.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineNetwork } from './defineNetwork.js'

/** Ethereum's Sepolia testnet. */
export const sepolia = /* @__PURE__ */ defineNetwork({
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://sepolia.drpc.org'],
  blockExplorer: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' },
  testnet: true,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(ethereumLogo),
})
