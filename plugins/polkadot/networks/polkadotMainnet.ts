import { definePolkadotNetwork } from './definePolkadotNetwork.js'

/**
 * The Polkadot relay chain (`polkadot:91b171bb158e2d3848fa23a9f1c25182`), DOT with 10 decimals, SS58
 * prefix 0, Subscan. Since the 2025 Asset Hub migration, DOT balances and transfers live on
 * {@link polkadotAssetHub}; a relay-chain account shows about zero. Use it only for what stays on the relay chain.
 */
export const polkadotMainnet = definePolkadotNetwork({
  genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  ss58Prefix: 0,
  name: 'Polkadot',
  rpcUrls: ['wss://rpc.polkadot.io', 'https://rpc.polkadot.io'],
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  blockExplorer: { name: 'Subscan', url: 'https://polkadot.subscan.io' },
})
