import { defineSolanaNetwork } from './defineSolanaNetwork.js'

/**
 * The Portico sandbox's LiteSVM chain (`solana:localnet` to Wallet Standard wallets), on its
 * default port. A site behind the sandbox server uses its RPC proxy instead:
 * `defineSolanaNetwork({ ...solanaLocalnet, reference: solanaLocalnet.id, rpcUrls: [proxyUrl] })`.
 */
export const solanaLocalnet = defineSolanaNetwork({
  reference: 'AjE89y6tW2PT8gnVYuQLHxZSn1of9zhP',
  name: 'Portico Solana Localnet',
  rpcUrls: ['http://127.0.0.1:4703'],
  testnet: true,
})
