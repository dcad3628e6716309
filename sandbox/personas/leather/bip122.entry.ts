// Leather's Bitcoin persona (`/personas/leather-bip122.js`): `window.LeatherProvider` answering
// signPsbt, signMessage and sendTransfer in Leather's shapes with the sandbox's dev Bitcoin keys
// (docs/wallets/leather.md).
import { bitcoinSandboxCaipNetworkId } from '../../bitcoin/bitcoinSandboxChain.js'
import { scriptOrigin } from '../../utils/scriptOrigin.js'
import { registerPersona } from '../registerPersona.js'
import { bitcoinKeyring } from '../shared/bitcoinKeyring.js'
import { leatherBitcoinMethods } from './createLeatherWallet.js'
import { installLeather } from './installLeather.js'

const origin = scriptOrigin() ?? window.location.origin
const leather = installLeather()
const keyring = bitcoinKeyring(0)
leather.wallet.define('bip122', leatherBitcoinMethods({ keyring, esplora: { url: `${origin}/v1/esplora/demo/${bitcoinSandboxCaipNetworkId}/api` } }))
const address = keyring.payment.address
registerPersona(
  'bip122/leather',
  { ...leather.wallet.control('bip122', leather.connection), accounts: () => [address, keyring.taproot().address] },
  { name: 'Leather', account: `${address.slice(0, 8)}…${address.slice(-4)}`, network: 'Network: Bitcoin regtest (Leather: devnet)' },
)
