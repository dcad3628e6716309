/**
 * Styles of the dev wallet's panel. Applied inside its shadow root as a constructable stylesheet
 * (`CSSStyleSheet` + `adoptedStyleSheets`), which a strict `style-src 'self'` policy allows, so the
 * panel needs no inline `<style>` and cannot clash with the site's CSS. Where it sits is the dock's
 * business (sandbox/walletPanel/mountInDock.ts).
 */
export const devWalletPanelCss = `
:host {
  all: initial;
  display: block;
  font: 12px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #111827;
}
section {
  box-sizing: border-box;
  width: 232px;
  padding: 10px 12px;
  border: 1px solid #c7d2fe;
  border-radius: 10px;
  background: #ffffff;
  box-shadow: 0 4px 16px rgba(17, 24, 39, 0.18);
}
h2 {
  margin: 0 0 6px;
  font-size: 13px;
  font-weight: 600;
  color: #3730a3;
}
p { margin: 0 0 4px; overflow-wrap: anywhere; }
.muted { color: #4b5563; }
label {
  display: flex;
  align-items: center;
  gap: 6px;
  margin: 6px 0;
  cursor: pointer;
  font-weight: 500;
}
input { margin: 0; accent-color: #b91c1c; }
button {
  font: inherit;
  padding: 3px 8px;
  border: 1px solid #9ca3af;
  border-radius: 6px;
  background: #f9fafb;
  color: #111827;
  cursor: pointer;
}
button:focus-visible, input:focus-visible { outline: 2px solid #4338ca; outline-offset: 2px; }
[hidden] { display: none !important; }
`
