import { makeAutoObservable } from 'mobx'
import type { Portico } from '../../kernel/kernel.js'

/** State only the UI keeps for an instance: wallet discovery on first open, the Connect view's legal checkbox and collapsed wallets. */
export class UiState {
  /** Wallet discovery has started (it starts when the modal first opens). */
  discoveryStarted = false
  /** Discovery is running. */
  discovering = false
  /** The visitor ticked the Connect view's legal checkbox (`features.legalCheckbox`), for this page's life. */
  legalAccepted = false
  /** The visitor opened the wallets that `collapseWallets` (or `emailShowWallets: false`) put behind one button. */
  walletsExpanded = false

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  setLegalAccepted(accepted: boolean): void {
    this.legalAccepted = accepted
  }

  expandWallets(): void {
    this.walletsExpanded = true
  }

  setDiscovering(discovering: boolean): void {
    if (discovering) this.discoveryStarted = true
    this.discovering = discovering
  }
}

const states = new WeakMap<Portico, UiState>()

/**
 * The UI state of an instance (one per instance, created on first use).
 *
 * @example
 * getUiState(portico).discovering
 */
export function getUiState(portico: Portico): UiState {
  let state = states.get(portico)
  if (!state) {
    state = new UiState()
    states.set(portico, state)
  }
  return state
}
