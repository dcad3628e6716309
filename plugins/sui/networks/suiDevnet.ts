import suiLogo from '@web3icons/core/svgs/networks/branded/sui.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineSuiNetwork } from './defineSuiNetwork.js'

/**
 * Sui devnet (`sui:devnet` to Wallet Standard and WalletConnect wallets). Sui's public JSON-RPC endpoints
 * were switched off in July 2026: sends and balance reads need `rpcUrls` of a provider that still
 * serves JSON-RPC, or a Portico server's proxy (balances also come from the blockchain API).
 */
export const suiDevnet = /* @__PURE__ */ defineSuiNetwork({
  reference: 'devnet',
  name: 'Sui Devnet',
  rpcUrls: ['https://fullnode.devnet.sui.io:443'],
  blockExplorer: { name: 'Suiscan', url: 'https://suiscan.xyz/devnet' },
  testnet: true,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(suiLogo),
})
