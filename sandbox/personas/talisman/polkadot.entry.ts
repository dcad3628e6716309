// Talisman's Substrate dialect (docs/wallets/talisman.md): `injectedWeb3.talisman` written late by its
// page script, "Rejected" / "Cancelled", an Ethereum account the subscription lists beside Substrate ones.
import { installPolkadotPersona } from '../../polkadotWallet/installPolkadotPersona.js'
import { personaEthereumAccount } from '../../polkadotWallet/polkadotPersonaAccounts.js'

installPolkadotPersona({
  id: 'polkadot/talisman',
  key: 'talisman',
  name: 'Talisman',
  version: '2.0.0',
  injection: 'late',
  dialect: {
    enableRejection: 'Rejected',
    signRejection: 'Cancelled',
    notAuthorised: `The source ${window.location.href} is not allowed to interact with this account.`,
    extraAccounts: [{ ...personaEthereumAccount, position: 'first' }],
    // accounts.get() leaves Ethereum accounts out unless anyType; accounts.subscribe() asks with anyType: true.
    getListsEthereum: 'anyType',
    subscribeListsEthereum: true,
  },
})
