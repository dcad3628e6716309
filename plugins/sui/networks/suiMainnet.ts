import suiLogo from '@web3icons/core/svgs/networks/branded/sui.svg.js'
import { svgDataUrl } from '../../../kernel/index.js'
import { defineSuiNetwork } from './defineSuiNetwork.js'

/**
 * Sui mainnet (`sui:mainnet` to Wallet Standard and WalletConnect wallets). Sui's public JSON-RPC endpoints
 * were switched off in July 2026: sends and balance reads need `rpcUrls` of a provider that still
 * serves JSON-RPC, or a Portico server's proxy (balances also come from the blockchain API).
 */
export const suiMainnet = /* @__PURE__ */ defineSuiNetwork({
  reference: 'mainnet',
  name: 'Sui',
  rpcUrls: ['https://fullnode.mainnet.sui.io:443'],
  blockExplorer: { name: 'Suiscan', url: 'https://suiscan.xyz/mainnet' },
  testnet: false,
  // The logo from @web3icons/core (MIT), bundled with this preset only.
  imageUrl: /* @__PURE__ */ svgDataUrl(suiLogo),
})
