import bitcoinLogo from '@web3icons/core/svgs/networks/branded/bitcoin.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineBitcoinNetwork } from './defineBitcoinNetwork.js'

/**  */
export const bitcoinSignet = /* @__PURE__ */ defineBitcoinNetwork({
  reference: '00000008819873e925422c1ff0f99f7c',
  name: 'Bitcoin Signet',
  rpcUrls: ['https://mempool.space/signet/api'],
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space/signet' },
  testnet: true,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(bitcoinLogo),
})
