import { devWalletPanelCss } from '../devWallet/devWalletPanelCss.js'

/**
 * Styles of the emulated Ledger's panel: the dev wallets' panel styles (a constructable stylesheet,
 * allowed by the sandbox's `style-src 'self'`), in Ledger's black, with a
 * device "screen" and a collapse button.
 */
export const ledgerPanelCss = `${devWalletPanelCss}
section { border-color: #111827; }
.head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
h2 { color: #111827; margin: 0; }
.body { margin-top: 6px; }
.screen {
  margin: 0 0 6px;
  padding: 6px 8px;
  min-height: 2.8em;
  border-radius: 6px;
  background: #111827;
  color: #f9fafb;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 11px;
}
.screen.waiting { outline: 2px solid #f59e0b; }
.actions { display: flex; gap: 6px; margin: 0 0 6px; }
.actions button { flex: 1; }
button.approve:not(:disabled) { background: #dcfce7; border-color: #15803d; }
button.reject:not(:disabled) { background: #fee2e2; border-color: #b91c1c; }
button:disabled { opacity: 0.5; cursor: not-allowed; }
select { font: inherit; margin-left: auto; max-width: 140px; }
select:focus-visible { outline: 2px solid #4338ca; outline-offset: 2px; }
input { accent-color: #111827; }
`
