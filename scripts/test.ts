// `npm test`: every check CI runs, in order, stopping at the first failure:
// types, the exports map, the build, the docs, the size budgets, the whole vitest suite
// (unit, integration against real anvil/relay/LiteSVM, end-to-end in Chromium), and the kernel
// suite again under --disallow-code-generation-from-strings (what a strict CSP does).
// It ends with one line `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const reportDir = join(root, '.portico/test-reports')
rmSync(reportDir, { recursive: true, force: true })
mkdirSync(reportDir, { recursive: true })

const npx = (args: string[]) => ['npx', ['--no-install', ...args]] as const
let passed = 0
let failed = 0

function run(title: string, command: string, args: readonly string[], env: Record<string, string> = {}): void {
  const started = Date.now()
  console.log(`\n▶ ${title}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds} s)`)
    finish(1)
  }
  console.log(`✔ ${title} (${seconds} s)`)
}

function countReport(file: string): void {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number }
  passed += report.numPassedTests
  failed += report.numFailedTests
}

function finish(code: number): never {
  countReport(join(reportDir, 'all.json'))
  countReport(join(reportDir, 'no-eval.json'))
  console.log(`\ntests: ${passed} passed, ${failed} failed`)
  process.exit(code)
}

run('types', ...npx(['tsc', '-p', 'tsconfig.json', '--noEmit']))
run('exports map', 'node', ['scripts/build/syncExports.mjs', '--check'])
run('build', 'npm', ['run', 'build', '--silent'])
run('docs are up to date', ...npx(['tsx', 'scripts/docs/generateDocs.ts', '--check']))
run('size budgets', ...npx(['tsx', 'scripts/size/size.ts', '--no-build', '--check']))
run('browser: Debian chromium present (installed when missing, as root)', ...npx(['tsx', '-e', "import('./tests/helpers/chromium.ts').then((m) => console.log(m.ensureChromium()))"]))
run('vitest: unit, integration and end-to-end', ...npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reportDir, 'all.json')}`]))
run(
  'vitest: kernel under --disallow-code-generation-from-strings',
  ...npx(['vitest', 'run', 'tests/kernel', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reportDir, 'no-eval.json')}`]),
  { NODE_OPTIONS: '--disallow-code-generation-from-strings', PORTICO_NO_EVAL: '1' },
)
finish(failed ? 1 : 0)
