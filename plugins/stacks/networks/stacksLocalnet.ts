import { defineStacksNetwork } from './defineStacksNetwork.js'

/**
 * The Portico sandbox's Stacks ledger (`stacks:2147483649`: testnet's chain id plus one, testnet
 * addresses) on its default port (`npm start`'s `PORT + 8`), which answers any origin (it sends
 * `Access-Control-Allow-Origin: *` and answers preflights), so a page on another origin reads
 * balances and fees through it as exported. Wallets call it `devnet`. A site behind the sandbox
 * server may use its proxy instead (same origin, project-scoped):
 * `defineStacksNetwork({ ...stacksLocalnet.stacks, name, apiUrls: ['<origin>/v1/stacks/demo/stacks:2147483649'] })`.
 */
export const stacksLocalnet = defineStacksNetwork({
  chainId: 2147483649,
  addressNetwork: 'testnet',
  walletNetwork: 'devnet',
  name: 'Portico Stacks Localnet',
  apiUrls: ['http://127.0.0.1:4708'],
  testnet: true,
})
