import stacksLogo from '@web3icons/core/svgs/networks/branded/stacks.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineStacksNetwork } from './defineStacksNetwork.js'

/** The public Stacks testnet (`stacks:2147483648`), test STX, through Hiro's testnet API and explorer. */
export const stacksTestnet = /* @__PURE__ */ defineStacksNetwork({
  chainId: 2147483648,
  addressNetwork: 'testnet',
  walletNetwork: 'testnet',
  explorerQuery: '?chain=testnet',
  name: 'Stacks Testnet',
  apiUrls: ['https://api.testnet.hiro.so'],
  blockExplorer: { name: 'Stacks Explorer', url: 'https://explorer.hiro.so' },
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(stacksLogo),
  testnet: true,
})
