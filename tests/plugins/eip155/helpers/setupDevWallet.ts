import type { LocalAccount } from 'viem'

import { createDevWalletProvider, type DevWalletChain } from '../../../../sandbox/devWallet/createDevWalletProvider.js'
import { devAccount } from '../../../../sandbox/devnets/devAccounts.js'
import type { Eip155Window } from '../../../../plugins/eip155/index.js'

/** A Web Storage stand-in for the wallet's own memory across "reloads". */
export function walletStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

/**
 * A page for the plugin: an EventTarget as `window`, with the real Portico Dev Wallet announcing
 * itself by EIP-6963 on every `eip6963:requestProvider` (as the extension's content script does),
 * signing as `account` (dev account 0 unless given).
 */
export function pageWithDevWallet({ chains, storage = walletStorage(), injectAsEthereum = true, announce = true, account = devAccount(0) }: { chains: DevWalletChain[]; storage?: ReturnType<typeof walletStorage>; injectAsEthereum?: boolean; announce?: boolean; account?: LocalAccount }) {
  const target = new EventTarget() as Eip155Window
  const wallet = createDevWalletProvider({ account, chains, storage })
  const info = Object.freeze({ uuid: '7d1a1b0e-0000-4000-8000-000000000001', name: 'Portico Dev Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'dev.portico.wallet' })
  const doAnnounce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider: wallet.provider }) }))
  if (announce) target.addEventListener('eip6963:requestProvider', doAnnounce)
  if (injectAsEthereum) target.ethereum = wallet.provider
  return { target, wallet, storage, announceNow: doAnnounce, enableAnnounce: () => target.addEventListener('eip6963:requestProvider', doAnnounce) }
}
