import { definePolkadotNetwork } from './definePolkadotNetwork.js'

/**
 * The Westend relay chain, a testnet (`polkadot:e143f23803ac50e8f6f8e62695d1ce9e`), WND with 12
 * decimals, SS58 prefix 42, Subscan. Since the Asset Hub migration, WND balances and transfers live
 * on {@link westendAssetHub}.
 */
export const westend = definePolkadotNetwork({
  genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e',
  ss58Prefix: 42,
  name: 'Westend',
  rpcUrls: ['wss://westend-rpc.polkadot.io', 'https://westend-rpc.polkadot.io'],
  nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
  blockExplorer: { name: 'Subscan', url: 'https://westend.subscan.io' },
  testnet: true,
})
