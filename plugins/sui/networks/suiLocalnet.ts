import { defineSuiNetwork } from './defineSuiNetwork.js'

/**
 * The Portico sandbox's Sui ledger (`sui:localnet`), on its default port, through its GraphQL RPC
 * (the same client path as the public presets). A site behind the sandbox server uses its GraphQL
 * proxy instead: `defineSuiNetwork({ reference: 'localnet', name, rpcUrls: ['<server>/v1/sui/<projectId>/sui:localnet/graphql'] })`.
 */
export const suiLocalnet = defineSuiNetwork({
  reference: 'localnet',
  name: 'Portico Sui Localnet',
  rpcUrls: ['http://127.0.0.1:4707/graphql'],
  testnet: true,
})
