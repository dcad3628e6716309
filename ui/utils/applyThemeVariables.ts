import { sanitizeThemeVariables, type PorticoThemeVariables } from '../../kernel/index.js'

/**
 * Sets a site's `themeVariables` on a Portico root element through the CSSOM (allowed under a
 * strict CSP, unlike a `style` attribute in server HTML). Only the theme contract's variables with
 * safe values are applied (`sanitizeThemeVariables`; the kernel reports the rest once); a bare
 * name such as `accent` means `--portico-accent`.
 *
 * @param element - a `[data-portico]` element
 * @param variables - `options.themeVariables`
 * @example
 * applyThemeVariables(root, { accent: '#ff0066' })
 */
export function applyThemeVariables(element: HTMLElement | null, variables: PorticoThemeVariables | undefined): void {
  if (!element || !variables) return
  for (const [name, value] of Object.entries(sanitizeThemeVariables(variables).variables)) element.style.setProperty(name, value)
}
