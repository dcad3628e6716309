/**
 * A wallet persona: a sandbox wallet that speaks one real wallet's documented API for one namespace
 * (its injection name and timing, request and answer shapes, error codes and events), so a chain
 * plugin meets that wallet's dialect in the sandbox instead of only the Portico Dev Wallet's.
 *
 * Its code lives in `sandbox/personas/<wallet>/<namespace>.entry.ts`; the wallet's public
 * documentation it follows is cited in `docs/wallets/<wallet>.md`, whose first heading is the name a
 * visitor sees. Nothing else registers it: `listPersonas()` finds it by that layout.
 */
export type WalletPersona = {
  /** `<namespace>/<wallet>`, e.g. `bip122/leather`: what `?personas=` takes. */
  id: string
  /** The CAIP-2 namespace it serves, e.g. `bip122`. */
  namespace: string
  /** The wallet folder's name, e.g. `leather`. */
  wallet: string
  /** The wallet's name as a visitor sees it (the first heading of its docs page), e.g. `Leather`. */
  name: string
  /** The script that installs it, e.g. `/personas/leather-bip122.js`. */
  script: string
  /** Its entry file, relative to `sandbox/`. */
  entry: string
  /** Its docs page, relative to the repository root, e.g. `docs/wallets/leather.md`. */
  docs: string
}

/** What the demo page's persona loader knows of each persona (built into `/personas.js`). */
export type PersonaListing = Pick<WalletPersona, 'id' | 'namespace' | 'name' | 'script'>

/** The controls a persona gives the sandbox's tests (`window.__porticoPersonas[id]`) and its panel. */
export type PersonaHandle = {
  /** Approve every request, or answer each with the wallet's own rejection. */
  setMode(mode: 'approve' | 'reject'): void
  getMode(): 'approve' | 'reject'
  /** Every request the site made, in order, with how the persona answered it. */
  activity(): { method: string; outcome: string }[]
  /** The accounts it would connect, in the wallet's own address format. */
  accounts(): readonly string[]
  /** When the persona has one: moves the wallet to its next account, as the visitor picking another account in the wallet (with the wallet's own event); returns the accounts now. */
  switchAccount?(): readonly string[]
}

declare global {
  interface Window {
    __porticoPersonas?: Record<string, PersonaHandle>
  }
}
