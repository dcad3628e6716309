import type { CreateDevWalletProviderReturnType } from './createDevWalletProvider.js'
import { devWalletPanelCss } from './devWalletPanelCss.js'
import { renderWalletPanel } from '../walletPanel/renderWalletPanel.js'

export type RenderDevWalletPanelParameters = {
  control: CreateDevWalletProviderReturnType['control']
  address: string
  document: Document
}

export type RenderDevWalletPanelReturnType = { host: HTMLElement; destroy(): void }

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * Renders the dev wallet's small fixed panel into the page, inside its own shadow root: the
 * connection status, the current chain, the "Reject requests" switch and a "Disconnect site" button.
 * Built with DOM calls only (no `innerHTML`, no inline styles), so it works under a strict CSP.
 *
 * @param parameters the wallet's controls, its address and the document to render into
 * @returns the host element and a function that removes the panel
 * @example
 * renderDevWalletPanel({ control, address, document })
 */
export function renderDevWalletPanel(parameters: RenderDevWalletPanelParameters): RenderDevWalletPanelReturnType {
  const { control, address, document: doc } = parameters
  // Whether the smart account has code on the current chain, refreshed after every change.
  let deployed: { key: string; value: boolean } | undefined
  let checking = false
  /** Counts the wallet's changes: each may have deployed the account. */
  let changes = 0
  const refreshDeployed = () => {
    if (!control.hasSmartAccount() || control.getAccountType() !== 'smartAccount' || checking) return
    const key = `${control.getState().chainId}:${changes}`
    if (deployed?.key === key) return
    checking = true
    Promise.all([control.isSmartAccountDeployed(), control.smartAccountAddress()])
      .then(([value, addressOfAccount]) => {
        smartAddress = addressOfAccount
        const changed = deployed?.value !== value
        deployed = { key, value }
        checking = false
        if (changed) fn?.()
        // A change that came while this check ran gets its own.
        refreshDeployed()
      })
      .catch(() => {
        checking = false
      })
  }
  let fn: (() => void) | undefined
  let smartAddress: string | undefined
  return renderWalletPanel(doc, {
    title: 'Portico Dev Wallet',
    titleId: 'portico-dev-wallet-title',
    hostAttribute: 'data-portico-dev-wallet',
    place: { side: 'left', order: 1 },
    css: devWalletPanelCss,
    read() {
      const state = control.getState()
      const current = control.chains().find((c) => c.chainId === state.chainId)
      const last = control.activity().at(-1)
      return {
        connected: state.connected,
        account: state.accountType === 'smartAccount' && smartAddress ? `${shortAddress(smartAddress)} (owner ${shortAddress(address)})` : shortAddress(address),
        network: `Network: ${current ? current.name : 'unknown'} (${state.chainId})`,
        mode: state.mode,
        ...(last ? { last } : {}),
        ...(control.hasSmartAccount()
          ? {
              smartAccount: state.accountType === 'smartAccount',
              accountType: state.accountType === 'smartAccount' ? `Account type: Smart account · ${deployed === undefined ? 'checking…' : deployed.value ? 'deployed' : 'not deployed yet'}` : 'Account type: EOA',
            }
          : {}),
        ...(control.shownBatch() !== undefined ? { batch: control.shownBatch() as string } : {}),
      }
    },
    ...(control.hasSmartAccount() ? { setSmartAccount: (on: boolean) => void control.setAccountType(on ? 'smartAccount' : 'eoa').catch(() => undefined) } : {}),
    setMode: (mode) => control.setMode(mode),
    disconnect: () => control.disconnect(),
    subscribe: (update) => {
      fn = update
      refreshDeployed()
      return control.subscribe(() => {
        changes += 1
        refreshDeployed()
        update()
      })
    },
  })
}
