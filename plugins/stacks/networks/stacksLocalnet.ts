import { defineStacksNetwork } from './defineStacksNetwork.js'

/**
 * The Portico sandbox's Stacks ledger (`stacks:2147483649`: testnet's chain id plus one, testnet
 * addresses) on its default port. Wallets call it `devnet`. A site behind the sandbox server uses
 * its proxy instead: `defineStacksNetwork({ ...stacksLocalnet.stacks, name, apiUrls: ['<origin>/v1/stacks/demo/stacks:2147483649'] })`.
 */
export const stacksLocalnet = defineStacksNetwork({
  chainId: 2147483649,
  addressNetwork: 'testnet',
  walletNetwork: 'devnet',
  name: 'Portico Stacks Localnet',
  apiUrls: ['http://127.0.0.1:4708'],
  testnet: true,
})
