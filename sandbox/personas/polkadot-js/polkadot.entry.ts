// The Polkadot.js extension's Substrate dialect (docs/wallets/polkadot-js.md): `injectedWeb3['polkadot-js']`
// written late by its page script, "Rejected" / "Cancelled", a Ledger account pinned to the relay chain.
import { polkadotSandboxGenesisHash } from '../../polkadot/polkadotSandboxChain.js'
import { installPolkadotPersona } from '../../polkadotWallet/installPolkadotPersona.js'
import { personaPinnedAccount } from '../../polkadotWallet/polkadotPersonaAccounts.js'

installPolkadotPersona({
  id: 'polkadot/polkadot-js',
  key: 'polkadot-js',
  name: 'Polkadot.js',
  version: '0.63.1',
  injection: 'late',
  dialect: {
    enableRejection: 'Rejected',
    signRejection: 'Cancelled',
    notAuthorised: `The source ${window.location.href} is not allowed to interact with this extension`,
    // Dev account 2 is pinned to this chain ("use on this chain only"), the Ledger account to the Polkadot relay chain.
    keyGenesisHashes: [null, polkadotSandboxGenesisHash],
    extraAccounts: [{ ...personaPinnedAccount, position: 'last' }],
    getListsEthereum: 'anyType',
    subscribeListsEthereum: false,
  },
})
