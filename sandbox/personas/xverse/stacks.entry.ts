// Xverse's Stacks persona (`/personas/xverse-stacks.js`): the stx_* methods on the same
// `XverseProviders.BitcoinProvider` (Xverse serves Stacks through it; its `StacksProvider.request`
// throws), signed with the dev Stacks key for the sandbox chain (docs/wallets/xverse.md).
import { stacksTestnetAddressOf } from '../../stacks/devStacks.js'
import { stacksProxyUrl } from '../../stacks/stacksProxyUrl.js'
import { stacksSandboxCaipNetworkId, stacksSandboxChainId } from '../../stacks/stacksSandboxChain.js'
import { scriptOrigin } from '../../utils/scriptOrigin.js'
import { registerPersona } from '../registerPersona.js'
import { xverseStacksMethods } from './createXverseWallet.js'
import { installXverse } from './installXverse.js'

const origin = scriptOrigin() ?? window.location.origin
const xverse = installXverse()
xverse.wallet.define('stacks', xverseStacksMethods({ stacksKey: xverse.stacksKey, chain: { chainId: stacksSandboxChainId, apiUrl: stacksProxyUrl(origin, stacksSandboxCaipNetworkId) } }))
const address = stacksTestnetAddressOf(xverse.stacksKey().publicKey)
registerPersona(
  'stacks/xverse',
  { ...xverse.wallet.control('stacks', xverse.connection), accounts: () => [stacksTestnetAddressOf(xverse.stacksKey().publicKey)] },
  { name: 'Xverse', account: `${address.slice(0, 6)}…${address.slice(-4)}`, network: 'Network: Portico Stacks devnet' },
)
