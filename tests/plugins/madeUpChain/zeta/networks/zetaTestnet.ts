import type { Network } from '../../../../../kernel/index.js'
import { zetaNamespace } from '../constants.js'

/** The made-up chain's test network (it has no node: a zeta wallet submits transfers itself). */
export const zetaTestnet: Network = {
  id: 'testnet',
  caipNetworkId: 'zeta:testnet',
  chainNamespace: zetaNamespace,
  name: 'Zeta Testnet',
  nativeCurrency: { name: 'Zeta', symbol: 'ZT', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  testnet: true,
}
