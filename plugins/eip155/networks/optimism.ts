import optimismLogo from '@web3icons/core/svgs/networks/branded/optimism.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineNetwork } from './defineNetwork.js'

/** OP Mainnet. */
export const optimism = /* @__PURE__ */ defineNetwork({
  id: 10,
  name: 'OP Mainnet',
  rpcUrls: ['https://mainnet.optimism.io'],
  blockExplorer: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(optimismLogo),
})
