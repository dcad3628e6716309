import { definePolkadotNetwork } from './definePolkadotNetwork.js'

/**
 * Kusama Asset Hub (`polkadot:48239ef607d7928874027a43a6768920`, parachain 1000, formerly
 * Statemine), KSM with 12 decimals, SS58 prefix 2: where KSM balances and transfers live since the
 * Asset Hub migration. Parity's public node, websocket first (HTTP beside it), Subscan.
 */
export const kusamaAssetHub = definePolkadotNetwork({
  genesisHash: '0x48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a',
  ss58Prefix: 2,
  name: 'Kusama Asset Hub',
  rpcUrls: ['wss://kusama-asset-hub-rpc.polkadot.io', 'https://kusama-asset-hub-rpc.polkadot.io'],
  nativeCurrency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
  blockExplorer: { name: 'Subscan', url: 'https://assethub-kusama.subscan.io' },
})
