/** What a Bitcoin persona lets the sandbox's tests do as the visitor would in the wallet itself. */
export type BitcoinPersonaActions = {
  /** The visitor picks another account in the wallet (Unisat, OKX: the other address type; Phantom: the next account). */
  switchAccount(): void
  /** The visitor disconnects the site in the wallet. */
  disconnectSite(): void
}

declare global {
  interface Window {
    /** The Bitcoin personas' wallet-side actions, by persona id (`bip122/unisat`, …). */
    __porticoBitcoinPersonas?: Record<string, BitcoinPersonaActions>
  }
}

/**
 * Puts a Bitcoin persona's wallet-side actions at `window.__porticoBitcoinPersonas[id]`.
 *
 * @example
 * exposeBitcoinPersonaActions('bip122/unisat', { switchAccount, disconnectSite })
 */
export function exposeBitcoinPersonaActions(id: string, actions: BitcoinPersonaActions): void {
  ;(window.__porticoBitcoinPersonas ??= {})[id] = Object.freeze({ ...actions })
}
