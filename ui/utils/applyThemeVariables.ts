/**
 * Sets a site's `themeVariables` on a Portico root element through the CSSOM (allowed under a
 * strict CSP, unlike a `style` attribute in server HTML). Only `--portico-*` names are applied;
 * a bare name such as `accent` means `--portico-accent`.
 *
 * @param element - a `[data-portico]` element
 * @param variables - `options.themeVariables`
 * @example
 * applyThemeVariables(root, { accent: '#ff0066' })
 */
export function applyThemeVariables(element: HTMLElement | null, variables: Record<string, string | number> | undefined): void {
  if (!element || !variables) return
  for (const [key, value] of Object.entries(variables)) {
    const name = key.startsWith('--portico-') ? key : `--portico-${key}`
    if (!/^--portico-[a-z0-9-]+$/.test(name)) continue
    if (typeof value !== 'string' && typeof value !== 'number') continue
    element.style.setProperty(name, String(value))
  }
}
