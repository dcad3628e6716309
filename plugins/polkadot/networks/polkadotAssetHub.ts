import { definePolkadotNetwork } from './definePolkadotNetwork.js'

/**
 * Polkadot Asset Hub (`polkadot:68d56f15f85d3136970ec16946040bc1`, parachain 1000, formerly
 * Statemint), DOT with 10 decimals, SS58 prefix 0: where DOT balances and transfers live since the
 * 2025 Asset Hub migration. Parity's public node, websocket first (HTTP beside it), Subscan.
 */
export const polkadotAssetHub = definePolkadotNetwork({
  genesisHash: '0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f',
  ss58Prefix: 0,
  name: 'Polkadot Asset Hub',
  rpcUrls: ['wss://polkadot-asset-hub-rpc.polkadot.io', 'https://polkadot-asset-hub-rpc.polkadot.io'],
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  blockExplorer: { name: 'Subscan', url: 'https://assethub-polkadot.subscan.io' },
})
