// Xverse's Bitcoin persona (`/personas/xverse-bip122.js`): `window.XverseProviders.BitcoinProvider`
// answering wallet_connect, getAddresses, signPsbt, signMessage and sendTransfer in sats-connect's
// shapes with the sandbox's dev Bitcoin keys (docs/wallets/xverse.md).
import { bitcoinSandboxCaipNetworkId } from '../../bitcoin/bitcoinSandboxChain.js'
import { scriptOrigin } from '../../utils/scriptOrigin.js'
import { registerPersona } from '../registerPersona.js'
import { xverseBitcoinMethods } from './createXverseWallet.js'
import { installXverse } from './installXverse.js'

const origin = scriptOrigin() ?? window.location.origin
const xverse = installXverse()
xverse.wallet.define('bip122', xverseBitcoinMethods({ keyring: xverse.keyring, esplora: { url: `${origin}/v1/esplora/demo/${bitcoinSandboxCaipNetworkId}/api` } }))
const address = xverse.keyring().payment.address
registerPersona(
  'bip122/xverse',
  { ...xverse.wallet.control('bip122', xverse.connection), accounts: () => [xverse.keyring().payment.address, xverse.keyring().taproot().address] },
  { name: 'Xverse', account: `${address.slice(0, 8)}…${address.slice(-4)}`, network: 'Network: Bitcoin Regtest' },
)
