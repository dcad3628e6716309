/**
 * The most a site may load before the visitor acts, in gzipped bytes (issue 44): every site
 * scenario's eager figure, whatever its own budget in budgets.json (docs/performance.md,
 * "The first-paint ceiling").
 */
export const firstPaintCeiling = 20_000

export type FirstPaintRow = { name: string; eager: number; site: boolean }

/**
 * The site scenarios still over the ceiling, each with what keeps it there (issue 44 stays open
 * for them). `--check` holds each to its own budget in budgets.json instead, so none may grow, and
 * fails when one is under the ceiling and still listed (take it off, then the ceiling holds it).
 */
export const overCeiling: Readonly<Record<string, string>> = {
  'site: kernel + eip155 + walletconnect + react UI':
    "its error classes (exported by portico/walletconnect and used by the engine: esbuild keeps a module an entry re-exports in the first chunk when a lazy chunk shares it) and the extra chunks its lazy modules split the kernel's into",
  'site: kernel + eip155 + siwx + react UI': "siwx's entry exports message helpers and errors its setup also uses; its meta and the kernel's error classes",
  'site: kernel + eip155 + auth + react UI': "auth's entry exports errors its setup uses; its meta; the kernel's error classes (about 5 KB in every site: `portico` re-exports them all and the kernel uses them)",
  'site: kernel + eip155 + ledger + react UI': "ledger's meta and errors; the kernel's error classes",
  'site: kernel + eip155 + solana + react UI': "the start-time probes' bytes (issue 44) put it 60 B over; solana's error classes are what is left to cut",
  'site: kernel + eip155 + solana + auth + react UI': 'as auth, with solana',
  'site: kernel + eip155 + solana + ledger + react UI': 'as ledger, with solana',
  'site: kernel + eip155 + every connector and feature plugin + react UI': "every plugin's meta and errors, the kernel's error classes",
}

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
