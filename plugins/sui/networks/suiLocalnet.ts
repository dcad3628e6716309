import { defineSuiNetwork } from './defineSuiNetwork.js'

/**
 * The Portico sandbox's Sui ledger (`sui:localnet`), on its default port. A site behind the
 * sandbox server uses its RPC proxy instead:
 * `defineSuiNetwork({ reference: 'localnet', name, rpcUrls: [proxyUrl] })`.
 */
export const suiLocalnet = defineSuiNetwork({
  reference: 'localnet',
  name: 'Portico Sui Localnet',
  rpcUrls: ['http://127.0.0.1:4707'],
  testnet: true,
})
