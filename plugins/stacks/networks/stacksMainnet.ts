import stacksLogo from '@web3icons/core/svgs/networks/branded/stacks.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineStacksNetwork } from './defineStacksNetwork.js'

/** Stacks mainnet (`stacks:1`), STX, through Hiro's public API and explorer. */
export const stacksMainnet = /* @__PURE__ */ defineStacksNetwork({
  chainId: 1,
  addressNetwork: 'mainnet',
  walletNetwork: 'mainnet',
  explorerQuery: '?chain=mainnet',
  name: 'Stacks',
  apiUrls: ['https://api.hiro.so'],
  blockExplorer: { name: 'Stacks Explorer', url: 'https://explorer.hiro.so' },
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(stacksLogo),
})
