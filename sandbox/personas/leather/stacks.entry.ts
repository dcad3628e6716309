// Leather's Stacks persona (`/personas/leather-stacks.js`): the same `window.LeatherProvider`
// answering stx_transferStx, stx_callContract, stx_signMessage and stx_signTransaction with the
// sandbox's dev Stacks key on the sandbox chain (docs/wallets/leather.md).
import { devStacksKey, devStacksPublicKeyHex, stacksTestnetAddressOf } from '../../stacks/devStacks.js'
import { stacksProxyUrl } from '../../stacks/stacksProxyUrl.js'
import { stacksSandboxCaipNetworkId, stacksSandboxChainId } from '../../stacks/stacksSandboxChain.js'
import { lazyDevKey } from '../../utils/lazyDevKey.js'
import { scriptOrigin } from '../../utils/scriptOrigin.js'
import { registerPersona } from '../registerPersona.js'
import { leatherStacksMethods } from './createLeatherWallet.js'
import { installLeather } from './installLeather.js'

const origin = scriptOrigin() ?? window.location.origin
const leather = installLeather()
const key = lazyDevKey(devStacksPublicKeyHex, 'privateKey', () => devStacksKey())
leather.wallet.define('stacks', leatherStacksMethods({ privateKey: () => key.privateKey, chain: { chainId: stacksSandboxChainId, apiUrl: stacksProxyUrl(origin, stacksSandboxCaipNetworkId) } }))
const address = stacksTestnetAddressOf(key.publicKey)
registerPersona(
  'stacks/leather',
  { ...leather.wallet.control('stacks', leather.connection), accounts: () => [address] },
  { name: 'Leather', account: `${address.slice(0, 6)}…${address.slice(-4)}`, network: 'Network: Portico Stacks devnet' },
)
