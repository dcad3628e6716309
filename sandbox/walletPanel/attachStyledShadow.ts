/**
 * Gives a panel's host element an open shadow root styled by `css` as a constructable stylesheet
 * (`adoptedStyleSheets`), which a strict `style-src 'self'` policy allows where an inline
 * `<style>` would be refused; the page's CSS and the panel's cannot touch each other.
 *
 * @returns the shadow root, to render the panel into
 * @example
 * const root = attachStyledShadow(host, ':host { display: block; }')
 */
export function attachStyledShadow(host: HTMLElement, css: string): ShadowRoot {
  const root = host.attachShadow({ mode: 'open' })
  const view = host.ownerDocument.defaultView
  if (view && 'adoptedStyleSheets' in root && typeof view.CSSStyleSheet === 'function') {
    const sheet = new view.CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [sheet]
  }
  return root
}
