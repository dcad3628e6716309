import bitcoinLogo from '@web3icons/core/svgs/networks/branded/bitcoin.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineBitcoinNetwork } from './defineBitcoinNetwork.js'

/**  */
export const bitcoinMainnet = /* @__PURE__ */ defineBitcoinNetwork({
  reference: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  rpcUrls: ['https://mempool.space/api'],
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space' },
  testnet: false,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(bitcoinLogo),
})
