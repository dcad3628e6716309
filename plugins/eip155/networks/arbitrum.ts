import arbitrumLogo from '@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineNetwork } from './defineNetwork.js'

/** Arbitrum One. */
export const arbitrum = /* @__PURE__ */ defineNetwork({
  id: 42161,
  name: 'Arbitrum One',
  rpcUrls: ['https://arb1.arbitrum.io/rpc'],
  blockExplorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(arbitrumLogo),
})
