import { defineStacksNetwork } from './defineStacksNetwork.js'

/** The public Stacks testnet (`stacks:2147483648`), test STX, through Hiro's testnet API and explorer. */
export const stacksTestnet = defineStacksNetwork({
  chainId: 2147483648,
  addressNetwork: 'testnet',
  walletNetwork: 'testnet',
  explorerQuery: '?chain=testnet',
  name: 'Stacks Testnet',
  apiUrls: ['https://api.testnet.hiro.so'],
  blockExplorer: { name: 'Stacks Explorer', url: 'https://explorer.hiro.so' },
  testnet: true,
})
