/**
 * The theme contract: every `--portico-*` variable of `portico/styles.css` a site may set through
 * `themeVariables`, by its name without the prefix. tests/ui/themeContract.test.tsx keeps this
 * list and the stylesheet in step. Layout numbers from the spec (modal width, row heights, icon
 * size) and animation timings are not part of it.
 */
export const themeVariableNames = [
  // Colours
  'accent',
  'accent-strong',
  'accent-stronger',
  'accent-foreground',
  'link',
  'background',
  'foreground',
  'muted',
  'border',
  'surface',
  'surface-strong',
  'disabled-background',
  'disabled-foreground',
  'mark-background',
  'overlay',
  'shadow',
  'focus-ring',
  'error',
  'success',
  // Type
  'font-family',
  'font-size',
  'font-size-small',
  'font-size-large',
  // Shape
  'radius',
  'radius-small',
  'radius-icon',
  'radius-modal',
  'radius-pill',
  // Stacking
  'z-index',
] as const

/** One variable of the theme contract, without its `--portico-` prefix. */
export type PorticoThemeVariableName = (typeof themeVariableNames)[number]

/**
 * `createPortico({ themeVariables })`: values for the theme contract's variables, by bare name
 * (`accent`) or full name (`--portico-accent`). A number means pixels (`radius: 4` is `4px`),
 * except for `z-index`. An unknown name or a hostile value (`url(…)`, `;`, braces) is reported as
 * an `InvalidThemeVariableError` (by `<PorticoProvider>`) and ignored; the other variables still apply.
 *
 * @example
 * const themeVariables: PorticoThemeVariables = { accent: '#0a7', radius: 4, 'font-family': 'Inter, sans-serif', 'z-index': 2000 }
 */
export type PorticoThemeVariables = { [K in PorticoThemeVariableName]?: string | number } & {
  [K in PorticoThemeVariableName as `--portico-${K}`]?: string | number
}
