import baseLogo from '@web3icons/core/svgs/networks/branded/base.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineNetwork } from './defineNetwork.js'

/** Base (Coinbase's OP Stack chain). */
export const base = /* @__PURE__ */ defineNetwork({
  id: 8453,
  name: 'Base',
  rpcUrls: ['https://mainnet.base.org'],
  blockExplorer: { name: 'Basescan', url: 'https://basescan.org' },
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(baseLogo),
})
