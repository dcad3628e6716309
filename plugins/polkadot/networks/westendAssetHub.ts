import { definePolkadotNetwork } from './definePolkadotNetwork.js'

/**
 * Westend Asset Hub testnet (`polkadot:67f9723393ef76214df0118c34bbbd3d`, parachain 1000, formerly
 * Westmint), WND with 12 decimals, SS58 prefix 42: where WND balances and transfers live since
 * Westend's Asset Hub migration. Parity's public node, websocket first (HTTP beside it), Subscan.
 */
export const westendAssetHub = definePolkadotNetwork({
  genesisHash: '0x67f9723393ef76214df0118c34bbbd3dbebc8ed46a10973a8c969d48fe7598c9',
  ss58Prefix: 42,
  name: 'Westend Asset Hub',
  rpcUrls: ['wss://westend-asset-hub-rpc.polkadot.io', 'https://westend-asset-hub-rpc.polkadot.io'],
  nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
  blockExplorer: { name: 'Subscan', url: 'https://assethub-westend.subscan.io' },
  testnet: true,
})
