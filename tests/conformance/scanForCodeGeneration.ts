import { readFile } from 'node:fs/promises'

const patterns: [RegExp, string][] = [
  [/\beval\s*\(/, 'eval('],
  [/\bnew\s+Function\s*\(/, 'new Function('],
  [/(?<![.\w$])Function\s*\(\s*["'`]/, 'Function("…")'],
  [/\bset(?:Timeout|Interval)\s*\(\s*["'`]/, 'setTimeout/setInterval with a string'],
]

/**
 * Scans built JavaScript files for code generation from strings (`eval`, `new Function`, string
 * timers), which a strict Content-Security-Policy blocks.
 *
 * @param files - paths of the bundle's files
 * @returns `{ ok, issues }`, one issue per file and construct found
 * @example
 * await scanForCodeGeneration(['dist/mychain.js'])
 */
export async function scanForCodeGeneration(files: readonly string[]): Promise<{ ok: boolean; issues: string[] }> {
  const issues: string[] = []
  for (const file of files) {
    const text = await readFile(file, 'utf8')
    for (const [pattern, label] of patterns) if (pattern.test(text)) issues.push(`${file} contains ${label}`)
  }
  return { ok: issues.length === 0, issues }
}
