// `npm run test:relay-compat -- <walletconnect-monorepo>/packages/sign-client/test`
//
// Runs the official @walletconnect/sign-client integration specs (client, session, persistence,
// transport) against the Portico relay, started here on 127.0.0.1. The specs are not in this
// repository (no vendored third-party code) and the npm package carries no tests, so the caller
// passes the `test` folder of a walletconnect-monorepo checkout at the tag of the client version
// to test. They are copied to a temporary folder and adapted only as the issue allows: `../../src`
// becomes the published `@walletconnect/sign-client`, and `@aws-sdk/client-cloudwatch` (the
// canary's metrics upload, which no spec run here calls) is aliased to a no-op. When the
// version is the one this repository installs, its node_modules are used; otherwise that version
// is installed from the registry into the temporary folder. See docs/server/relay.md.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createServer } from '../../server/createServer.js'

/** Tests left out, by full name, with the reason (none so far; see docs/server/relay.md). */
export const excludedTests: Record<string, string> = {}

const specFiles = ['client', 'session', 'persistence', 'transport'].map((name) => `test/sdk/${name}.spec.ts`)
const root = join(import.meta.dirname, '../..')
const argument = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
const keep = process.argv.includes('--keep')

function fail(message: string): never {
  console.error(`relay-compat: ${message}`)
  process.exit(2)
}

if (!argument) fail('pass the packages/sign-client/test folder of a walletconnect-monorepo checkout (see docs/server/relay.md)')
const specsDir = resolve(argument)
if (!existsSync(join(specsDir, 'sdk')) || !existsSync(join(specsDir, 'shared'))) fail(`${specsDir} has no sdk/ and shared/ folders`)
const version = (JSON.parse(readFileSync(join(specsDir, '../package.json'), 'utf8')) as { version: string }).version
const installed = (JSON.parse(readFileSync(join(root, 'node_modules/@walletconnect/sign-client/package.json'), 'utf8')) as { version: string }).version
const vitestVersion = (JSON.parse(readFileSync(join(root, 'node_modules/vitest/package.json'), 'utf8')) as { version: string }).version

const work = mkdtempSync(join(tmpdir(), 'portico-relay-compat-'))
cpSync(specsDir, join(work, 'test'), { recursive: true })
mkdirSync(join(work, 'test/tmp'), { recursive: true })
const rewrite = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) rewrite(path)
    else if (entry.name.endsWith('.ts')) writeFileSync(path, readFileSync(path, 'utf8').replace(/from\s+["']\.\.\/\.\.\/src["']/g, 'from "@walletconnect/sign-client"'))
  }
}
rewrite(join(work, 'test'))
mkdirSync(join(work, 'stubs'))
writeFileSync(join(work, 'stubs/client-cloudwatch.ts'), 'export class CloudWatch { async putMetricData() {} }\nexport type PutMetricDataCommandInput = unknown\n')
writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'portico-relay-compat', private: true, type: 'module' }))
const present = specFiles.filter((file) => existsSync(join(work, file)))
writeFileSync(
  join(work, 'vitest.config.mjs'),
  `export default { resolve: { alias: { '@aws-sdk/client-cloudwatch': ${JSON.stringify(join(work, 'stubs/client-cloudwatch.ts'))} } },
  test: { include: ${JSON.stringify(present)}, testTimeout: 120000, hookTimeout: 120000, fileParallelism: false } }\n`,
)

if (version === installed) {
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'))
} else {
  console.log(`relay-compat: the specs are ${version}, this repository has ${installed}: installing ${version} into ${work}`)
  const packages = ['sign-client', 'core', 'utils', 'types'].map((name) => `@walletconnect/${name}@${version}`)
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...packages, `vitest@${vitestVersion}`], { cwd: work, stdio: 'inherit' })
  if (install.status !== 0) fail('npm install failed')
}

const dataDir = join(work, 'data')
const server = await createServer({ port: 0, dataDir, chains: [], indexer: false, relay: {}, projects: { 'relay-compat': { allowedOrigins: ['*'] } } })
const relayUrl = `${server.url.replace('http', 'ws')}/relay`
console.log(`relay-compat: sign-client ${version} specs (${present.join(', ')}) against ${relayUrl}`)
const names = Object.keys(excludedTests)
// Asynchronously: the relay runs in this process and must keep answering while vitest runs.
const child = spawn(
  join(work, 'node_modules/.bin/vitest'),
  ['run', '--reporter=verbose', '--reporter=json', `--outputFile.json=${join(work, 'report.json')}`, ...(names.length > 0 ? ['--testNamePattern', `^(?!(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$)`] : [])],
  { cwd: work, stdio: 'inherit', env: { ...process.env, TEST_RELAY_URL: relayUrl, TEST_PROJECT_ID: 'relay-compat' } },
)
const status = await new Promise<number | null>((done) => child.once('close', (code) => done(code)))
await server.close()
let summary = 'no report'
if (existsSync(join(work, 'report.json'))) {
  const report = JSON.parse(readFileSync(join(work, 'report.json'), 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number }
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`
}
for (const [name, reason] of Object.entries(excludedTests)) console.log(`excluded: ${name} (${reason})`)
console.log(`relay-compat: sign-client ${version}: ${summary}`)
if (!keep) rmSync(work, { recursive: true, force: true })
process.exit(status === 0 ? 0 : 1)
