import suiLogo from '@web3icons/core/svgs/networks/branded/sui.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineSuiNetwork } from './defineSuiNetwork.js'

/**
 * Sui mainnet (`sui:mainnet` to Wallet Standard and WalletConnect wallets), read and resolved through
 * Sui's public GraphQL RPC (`https://graphql.mainnet.sui.io/graphql`; Sui switched off its public
 * full-node JSON-RPC in July 2026). A site with its own provider defines the network with that URL:
 * `defineSuiNetwork({ reference: 'mainnet', name, rpcUrls: [url] })`, a GraphQL URL (path ending in
 * `/graphql`) or, where the provider keeps it, a JSON-RPC one.
 */
export const suiMainnet = /* @__PURE__ */ defineSuiNetwork({
  reference: 'mainnet',
  name: 'Sui',
  rpcUrls: ['https://graphql.mainnet.sui.io/graphql'],
  blockExplorer: { name: 'Suiscan', url: 'https://suiscan.xyz/mainnet' },
  testnet: false,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(suiLogo),
})
