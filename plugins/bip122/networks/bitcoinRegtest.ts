import { defineBitcoinNetwork } from './defineBitcoinNetwork.js'

/**
 * The Portico sandbox's Bitcoin regtest chain (addresses `bcrt1…`), its Esplora API on the default
 * port. A site behind the sandbox server uses its proxy instead:
 * `defineBitcoinNetwork({ ...bitcoinRegtest, reference: bitcoinRegtest.id, rpcUrls: [proxyUrl] })`.
 */
export const bitcoinRegtest = defineBitcoinNetwork({
  reference: '0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Portico Bitcoin Regtest',
  rpcUrls: ['http://127.0.0.1:4704/api'],
  testnet: true,
})
