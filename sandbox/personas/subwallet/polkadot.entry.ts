// SubWallet's Substrate dialect (docs/wallets/subwallet.md): `injectedWeb3['subwallet-js']` written before
// the page's scripts (a MAIN-world content script), "Rejected" / "Rejected by user", Ethereum accounts
// in the same list whenever the site was authorised for EVM too.
import { installPolkadotPersona } from '../../polkadotWallet/installPolkadotPersona.js'
import { personaEthereumAccount } from '../../polkadotWallet/polkadotPersonaAccounts.js'

installPolkadotPersona({
  id: 'polkadot/subwallet',
  key: 'subwallet-js',
  name: 'SubWallet',
  version: '1.3.88-0',
  injection: 'early',
  dialect: {
    enableRejection: 'Rejected',
    signRejection: 'Rejected by user',
    notAuthorised: `The source ${window.location.href} is not allowed to interact with this extension`,
    extraAccounts: [{ ...personaEthereumAccount, position: 'first' }],
    getListsEthereum: 'always',
    subscribeListsEthereum: true,
  },
})
