import bitcoinLogo from '@web3icons/core/svgs/networks/branded/bitcoin.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineBitcoinNetwork } from './defineBitcoinNetwork.js'

/**  */
export const bitcoinTestnet4 = /* @__PURE__ */ defineBitcoinNetwork({
  reference: '00000000da84f2bafbbc53dee25a72ae',
  name: 'Bitcoin Testnet4',
  rpcUrls: ['https://mempool.space/testnet4/api'],
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space/testnet4' },
  testnet: true,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(bitcoinLogo),
})
