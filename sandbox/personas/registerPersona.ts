import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'
import { renderControlPanel, type WalletPanelControl } from '../walletPanel/renderWalletPanel.js'
import type { PersonaHandle } from './types.js'

/**
 * What every persona script calls once it has installed its wallet object: puts its test handle at
 * `window.__porticoPersonas[id]` and its panel (the wallet's name, the connection, "Reject requests",
 * the last request) in the dock, on the right after the dev wallets.
 *
 * @param id the persona's id, `<namespace>/<wallet>` (its folder and entry file)
 * @param control the persona's controls (the dev wallets' panel contract)
 * @param labels what the panel shows: the wallet's name, the account, the network
 * @example
 * registerPersona('bip122/leather', control, { name: 'Leather', account: 'bcrt1q…', network: 'Bitcoin regtest' })
 */
export function registerPersona(
  id: string,
  control: WalletPanelControl & { accounts(): readonly string[]; getMode(): 'approve' | 'reject'; switchAccount?(): readonly string[] },
  labels: { name: string; account: string; network: string },
): PersonaHandle {
  const handle: PersonaHandle = Object.freeze({
    setMode: control.setMode,
    getMode: control.getMode,
    activity: control.activity,
    accounts: control.accounts,
    ...(control.switchAccount ? { switchAccount: control.switchAccount } : {}),
  })
  const registry = (window.__porticoPersonas ??= {})
  registry[id] = handle
  const slug = id.replace(/[^a-z0-9]+/gi, '-')
  renderControlPanel(document, control, {
    title: `${labels.name} (persona, ${id.split('/')[0]})`,
    titleId: `portico-persona-${slug}-title`,
    hostAttribute: `data-portico-persona-${slug}`,
    place: { side: 'right', order: 10 },
    css: devWalletPanelCss,
    account: labels.account,
    network: labels.network,
  })
  return handle
}
