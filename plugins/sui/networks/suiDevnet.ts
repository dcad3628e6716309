import suiLogo from '@web3icons/core/svgs/networks/branded/sui.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineSuiNetwork } from './defineSuiNetwork.js'

/**
 * Sui devnet (`sui:devnet` to Wallet Standard and WalletConnect wallets), read and resolved through
 * Sui's public GraphQL RPC (`https://graphql.devnet.sui.io/graphql`; Sui switched off its public
 * full-node JSON-RPC in July 2026). A site with its own provider defines the network with that URL:
 * `defineSuiNetwork({ reference: 'devnet', name, rpcUrls: [url] })`, a GraphQL URL (path ending in
 * `/graphql`) or, where the provider keeps it, a JSON-RPC one.
 */
export const suiDevnet = /* @__PURE__ */ defineSuiNetwork({
  reference: 'devnet',
  name: 'Sui Devnet',
  rpcUrls: ['https://graphql.devnet.sui.io/graphql'],
  blockExplorer: { name: 'Suiscan', url: 'https://suiscan.xyz/devnet' },
  testnet: true,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(suiLogo),
})
