/**
 * The most a site may load before the visitor acts, in gzipped bytes (issue 44): every site
 * scenario's eager figure, whatever its own budget in budgets.json (docs/performance.md,
 * "The first-paint ceiling").
 */
export const firstPaintCeiling = 20_000

/**
 * The most CSS a site may apply before the visitor acts, in gzipped bytes (issue 50): the
 * stylesheet pieces its eager chunks carry (the page buttons' and the theme), each counted as
 * the gzip of its CSS alone. Their share of the eager JS is not held against
 * {@link firstPaintCeiling}, which was set for the JavaScript when the CSS was a file apart.
 */
export const firstPaintCssCeiling = 2_048

export type FirstPaintRow = { name: string; eager: number; site: boolean; eagerCss?: number; eagerCssShare?: number }

/**
 * The site scenarios allowed over the ceiling, each with what keeps it there: none since every
 * site came under it (docs/performance-history.md, 2026-11-29). A site listed here is held to its own
 * budget in budgets.json instead, so it may not grow, and `--check` fails when one is under the
 * ceiling and still listed (take it off, then the ceiling holds it).
 */
export const overCeiling: Readonly<Record<string, string>> = {}

/**
 * The site scenarios whose eager bytes (their stylesheet pieces' share apart) exceed
 * {@link firstPaintCeiling} and are not in {@link overCeiling}, those listed there that no longer
 * do, and those whose eager CSS exceeds {@link firstPaintCssCeiling}, one line each for
 * `npm run size -- --check`'s failure; entry points are not sites and do not count.
 *
 * @param rows - the measured rows
 * @param known - the sites known to be over (default {@link overCeiling})
 * @returns one message per site over the ceiling
 * @example
 * firstPaintOver([{ name: 'site: kernel + eip155 + auth + react UI', eager: 22344, site: true }])
 * // ['site: kernel + eip155 + auth + react UI: eager 22344 B > the first-paint ceiling of 20000 B']
 */
export function firstPaintOver(rows: readonly FirstPaintRow[], known: Readonly<Record<string, string>> = overCeiling): string[] {
  const js = (row: FirstPaintRow) => row.eager - (row.eagerCssShare ?? 0)
  const over = rows.filter((row) => row.site && js(row) > firstPaintCeiling && !Object.hasOwn(known, row.name)).map((row) => `${row.name}: eager ${js(row)} B > the first-paint ceiling of ${firstPaintCeiling} B`)
  const mended = rows.filter((row) => row.site && js(row) <= firstPaintCeiling && Object.hasOwn(known, row.name)).map((row) => `${row.name}: eager ${js(row)} B is within the first-paint ceiling: take it off overCeiling (scripts/size/firstPaintOver.ts)`)
  const css = rows.filter((row) => row.site && (row.eagerCss ?? 0) > firstPaintCssCeiling).map((row) => `${row.name}: ${row.eagerCss} B of CSS at first paint > the first-paint CSS ceiling of ${firstPaintCssCeiling} B`)
  return [...over, ...mended, ...css]
}
