import suiLogo from '@web3icons/core/svgs/networks/branded/sui.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineSuiNetwork } from './defineSuiNetwork.js'

/**
 * Sui testnet (`sui:testnet` to Wallet Standard and WalletConnect wallets), read and resolved through
 * Sui's public GraphQL RPC (`https://graphql.testnet.sui.io/graphql`; Sui switched off its public
 * full-node JSON-RPC in July 2026). A site with its own provider defines the network with that URL:
 * `defineSuiNetwork({ reference: 'testnet', name, rpcUrls: [url] })`, a GraphQL URL (path ending in
 * `/graphql`) or, where the provider keeps it, a JSON-RPC one.
 */
export const suiTestnet = /* @__PURE__ */ defineSuiNetwork({
  reference: 'testnet',
  name: 'Sui Testnet',
  rpcUrls: ['https://graphql.testnet.sui.io/graphql'],
  blockExplorer: { name: 'Suiscan', url: 'https://suiscan.xyz/testnet' },
  testnet: true,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(suiLogo),
})
