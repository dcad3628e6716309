/**
 * The most a site may load before the visitor acts, in gzipped bytes (issue 44): every site
 * scenario's eager figure, whatever its own budget in budgets.json (docs/performance.md,
 * "The first-paint ceiling").
 */
export const firstPaintCeiling = 20_000

export type FirstPaintRow = { name: string; eager: number; site: boolean }

/**
 * The site scenarios whose eager bytes exceed {@link firstPaintCeiling}, one line each for
 * `npm run size -- --check`'s failure; entry points are not sites and do not count.
 *
 * @param rows - the measured rows
 * @returns one message per site over the ceiling
 * @example
 * firstPaintOver([{ name: 'site: kernel + eip155 + auth + react UI', eager: 22344, site: true }])
 * // ['site: kernel + eip155 + auth + react UI: eager 22344 B > the first-paint ceiling of 20000 B']
 */
export function firstPaintOver(rows: readonly FirstPaintRow[]): string[] {
  return rows.filter((row) => row.site && row.eager > firstPaintCeiling).map((row) => `${row.name}: eager ${row.eager} B > the first-paint ceiling of ${firstPaintCeiling} B`)
}
