/**
 * The most a site may load before the visitor acts, in gzipped bytes (issue 44): every site
 * scenario's eager figure, whatever its own budget in budgets.json (docs/performance.md,
 * "The first-paint ceiling").
 */
export const firstPaintCeiling = 20_000

export type FirstPaintRow = { name: string; eager: number; site: boolean }

/**
 * The site scenarios allowed over the ceiling, each with what keeps it there: none since every
 * site came under it (docs/performance.md, 2026-11-29). A site listed here is held to its own
 * budget in budgets.json instead, so it may not grow, and `--check` fails when one is under the
 * ceiling and still listed (take it off, then the ceiling holds it).
 */
export const overCeiling: Readonly<Record<string, string>> = {}

/**
 * The site scenarios whose eager bytes exceed {@link firstPaintCeiling} and are not in
 * {@link overCeiling}, and those listed there that no longer do, one line each for
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
  const over = rows.filter((row) => row.site && row.eager > firstPaintCeiling && !Object.hasOwn(known, row.name)).map((row) => `${row.name}: eager ${row.eager} B > the first-paint ceiling of ${firstPaintCeiling} B`)
  const mended = rows.filter((row) => row.site && row.eager <= firstPaintCeiling && Object.hasOwn(known, row.name)).map((row) => `${row.name}: eager ${row.eager} B is within the first-paint ceiling: take it off overCeiling (scripts/size/firstPaintOver.ts)`)
  return [...over, ...mended]
}
