/** Escapes text for HTML. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * JSON safe inside `<script type="application/json">` (no `<`, `>`, `&`, U+2028/9 in clear).
 *
 * @example
 * scriptJson({ a: '</script>' }) // '{"a":"\u003c/script\u003e"}'
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * The wallet frame's document: its stylesheet, its module script and its configuration in
 * `<script type="application/json" id="portico-frame-config">` (read by `plugins/auth/frame`).
 *
 * @example
 * renderFramePage({ projectId: 'demo', allowedOrigins: ['https://shop.example.com'], apiBase: '/auth/v1', rpcBase: '/v1/' })
 */
export function renderFramePage(config: {
  projectId: string
  allowedOrigins: string[]
  apiBase: string
  rpcBase: string
  /** The chains the server serves, so the frame's approval screen names networks and tokens itself. */
  chains?: { caipNetworkId: string; name: string; nativeCurrency: { symbol: string; decimals: number }; tokens?: { address: string; symbol: string; decimals: number }[]; smartAccount?: { factory: string; entryPoint: string } }[]
}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Portico wallet</title><link rel="stylesheet" href="/auth/v1/frame.css"><script type="application/json" id="portico-frame-config">${scriptJson(config)}</script><script type="module" src="/auth/v1/frame.js"></script></head><body></body></html>`
}

/**
 * The social callback page: its result in `<script type="application/json" id="portico-social-result">`
 * and `/auth/v1/social/callback.js`, which posts it to `window.opener` at the recorded origin and
 * closes the popup. Without an origin (an unknown state) it only shows the message.
 *
 * @example
 * renderCallbackPage({ origin: 'https://shop.example.com', message: { type: 'portico-auth:social', ticket } })
 */
export function renderCallbackPage(result: { origin?: string; message: { type: 'portico-auth:social'; ticket: string } | { type: 'portico-auth:social'; error: { code: string; message: string } } }): string {
  const text = 'ticket' in result.message ? 'Login complete. You can close this window.' : result.message.error.message
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Portico login</title><script type="application/json" id="portico-social-result">${scriptJson(result)}</script><script src="/auth/v1/social/callback.js"></script></head><body><p>${escapeHtml(text)}</p></body></html>`
}

/** The script of the callback page (served at `/auth/v1/social/callback.js`; no inline script). */
export const socialCallbackScript = `(function () {
  var element = document.getElementById('portico-social-result');
  var result = element ? JSON.parse(element.textContent || '{}') : {};
  if (result.origin && window.opener) {
    window.opener.postMessage(result.message, result.origin);
    window.close();
  }
})();
`

/**
 * A small HTML page with a title and one paragraph (the frame's 404).
 *
 * @example
 * renderMessagePage('Unknown project', 'This wallet frame was opened for a project this server does not know.')
 */
export function renderMessagePage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`
}
