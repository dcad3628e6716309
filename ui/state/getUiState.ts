import { makeAutoObservable } from 'mobx'
import type { Portico } from '../../kernel/kernel.js'

/** State only the UI keeps for an instance: wallet discovery on first open. */
export class UiState {
  /** Wallet discovery has started (it starts when the modal first opens). */
  discoveryStarted = false
  /** Discovery is running. */
  discovering = false

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
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
