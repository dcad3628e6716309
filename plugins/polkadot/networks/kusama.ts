import { definePolkadotNetwork } from './definePolkadotNetwork.js'

/**
 * The Kusama relay chain (`polkadot:b0a8d493285c2df73290dfb7e61f870f`), KSM with 12 decimals, SS58
 * prefix 2, Subscan. Since the Asset Hub migration, KSM balances and transfers live on
 * {@link kusamaAssetHub}.
 */
export const kusama = definePolkadotNetwork({
  genesisHash: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  ss58Prefix: 2,
  name: 'Kusama',
  rpcUrls: ['wss://kusama-rpc.polkadot.io', 'https://kusama-rpc.polkadot.io'],
  nativeCurrency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
  blockExplorer: { name: 'Subscan', url: 'https://kusama.subscan.io' },
})
