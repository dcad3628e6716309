import { makeAutoObservable } from 'mobx'
import type { Portico } from '../../kernel/kernel.js'

/** State only the UI keeps for an instance: wallet discovery on first open, the Connect view's legal checkbox and collapsed wallets, a hidden Back arrow. */
export class UiState {
  /** Wallet discovery has started (it starts when the modal first opens). */
  discoveryStarted = false
  /** Discovery is running. */
  discovering = false
  /** The visitor ticked the Connect view's legal checkbox (`features.legalCheckbox`), for this page's life. */
  legalAccepted = false
  /** The visitor opened the wallets that `collapseWallets` (or `emailShowWallets: false`) put behind one button. */
  walletsExpanded = false
  /** How many mounted views hide the header's Back arrow now (`useHideBack`: a success screen). */
  backHiders = 0

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  setLegalAccepted(accepted: boolean): void {
    this.legalAccepted = accepted
  }

  expandWallets(): void {
    this.walletsExpanded = true
  }

  /** Whether the header shows no Back arrow (a view's success screen is up). */
  get backHidden(): boolean {
    return this.backHiders > 0
  }

  hideBack(): void {
    this.backHiders += 1
  }

  showBack(): void {
    this.backHiders = Math.max(0, this.backHiders - 1)
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
