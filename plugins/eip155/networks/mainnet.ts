import ethereumLogo from '@web3icons/core/svgs/networks/branded/ethereum.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineNetwork } from './defineNetwork.js'

/** Ethereum mainnet. */
export const mainnet = /* @__PURE__ */ defineNetwork({
  id: 1,
  name: 'Ethereum',
  rpcUrls: ['https://eth.merkle.io'],
  blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' },
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(ethereumLogo),
})
