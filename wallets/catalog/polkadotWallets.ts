// Built-in wallets that began on Polkadot (sources: see ./evmWallets.ts; here mostly Talisman
// Connect's wallet list, TalismanSociety/talisman-connect packages/connect-wallets, and the
// extensions' `injectedWeb3` keys the polkadot plugin reads). A field no source documents is left out.
import type { BuiltinWallet } from '../builtinWallets.js'

export const polkadotJsWallet: BuiltinWallet = {
  // The reference extension (`injectedWeb3['polkadot-js']`).
  id: 'polkadot-js',
  name: 'Polkadot.js',
  namespaces: ['polkadot'],
  homepage: 'https://polkadot.js.org/extension/',
}

export const novaWallet: BuiltinWallet = {
  // A phone wallet: in its browser it announces itself as `polkadot-js`; EVM over WalletConnect.
  id: 'nova-wallet',
  name: 'Nova Wallet',
  namespaces: ['polkadot', 'eip155'],
  homepage: 'https://novawallet.io/',
  rdns: 'io.novawallet',
  mobile_link: 'novawallet://',
  app_store: 'https://apps.apple.com/us/app/nova-polkadot-wallet/id1597119355',
  play_store: 'https://play.google.com/store/apps/details?id=io.novafoundation.nova.market',
}

export const fearlessWallet: BuiltinWallet = {
  id: 'fearless',
  name: 'Fearless Wallet',
  namespaces: ['polkadot'],
  homepage: 'https://fearlesswallet.io/',
  chrome_store: 'https://chrome.google.com/webstore/detail/fearless-wallet/nhlnehondigmgckngjomcpcefcdplmgc',
}

export const polkagateWallet: BuiltinWallet = {
  id: 'polkagate',
  name: 'PolkaGate',
  namespaces: ['polkadot'],
  homepage: 'https://polkagate.xyz/',
  chrome_store: 'https://chrome.google.com/webstore/detail/polkagate-the-gateway-to/ginchbkmljhldofnbjabmeophlhdldgp',
}

export const alephZeroSignerWallet: BuiltinWallet = {
  id: 'aleph-zero-signer',
  name: 'Aleph Zero Signer',
  namespaces: ['polkadot'],
  homepage: 'https://alephzero.org/signer',
}
