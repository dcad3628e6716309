import { defineStacksNetwork } from './defineStacksNetwork.js'

/** Stacks mainnet (`stacks:1`), STX, through Hiro's public API and explorer. */
export const stacksMainnet = defineStacksNetwork({
  chainId: 1,
  addressNetwork: 'mainnet',
  walletNetwork: 'mainnet',
  explorerQuery: '?chain=mainnet',
  name: 'Stacks',
  apiUrls: ['https://api.hiro.so'],
  blockExplorer: { name: 'Stacks Explorer', url: 'https://explorer.hiro.so' },
})
