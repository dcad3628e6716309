import polygonLogo from '@web3icons/core/svgs/networks/branded/polygon.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineNetwork } from './defineNetwork.js'

/** Polygon PoS. */
export const polygon = /* @__PURE__ */ defineNetwork({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: ['https://polygon-rpc.com'],
  blockExplorer: { name: 'PolygonScan', url: 'https://polygonscan.com' },
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(polygonLogo),
})
