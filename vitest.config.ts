import { readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

// A worker per core, never fewer than two: vitest's own default (cores − 1) runs a two-core CI
// machine's suite one file at a time, and one file alone leaves a core idle while it waits on
// Chromium, a devnet or the relay (docs/performance-history.md, 2026-11-27, "The test suite").
// Three on two cores ran faster but failed an end-to-end file under the load in a fresh-clone run
// (third pass), so not yet. PORTICO_TEST_WORKERS overrides it.
const workers = Number(process.env.PORTICO_TEST_WORKERS) || Math.max(2, availableParallelism())

/**
 * The files that share one module graph per worker (the `shared modules` project): the kernel's, the
 * UI's, the server's, the plugins', the sandbox's and the chain-plugin conformance files, but for
 * those whose tests keep state in a module between files, which stay isolated: the Solana plugin's
 * and the sandbox's Solana wallet (the Wallet Standard registry of @wallet-standard/app; the Solana and
 * Sui conformance runs for the same reason) and WalletConnect's (the sign-client's core).
 */
const isolatedPlugins = new Set(['solana', 'walletconnect'])
const isolatedSandboxFolders = new Set(['solanaWallet'])
const foldersOf = (dir: string, isolated: Set<string>) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !isolated.has(entry.name))
    .map((entry) => `${dir}/${entry.name}/**/*.test.{ts,tsx}`)
const sharedModuleFiles = [
  'tests/kernel/**/*.test.ts',
  'tests/ui/**/*.test.{ts,tsx}',
  'tests/server/**/*.test.ts',
  'tests/plugins/*.test.ts',
  ...foldersOf('tests/plugins', isolatedPlugins),
  'tests/sandbox/*.test.ts',
  ...foldersOf('tests/sandbox', isolatedSandboxFolders),
  'tests/conformance/{bip122,cosmos,eip155,polkadot,stacks}.conformance.test.ts',
  'tests/wallets/**/*.test.ts',
  'tests/integrations/**/*.test.ts',
  // The end-to-end files drive Chromium and keep their state in the file; those that run the
  // WalletConnect sign-client in Node (its core keeps module state) stay isolated.
  ...foldersOf('tests/e2e', new Set(['walletconnect', 'multiWallet', 'sandbox'])),
  ...readdirSync('tests/e2e/sandbox')
    .filter((name) => name.endsWith('.test.ts') && name !== 'walletPage.test.ts')
    .map((name) => `tests/e2e/sandbox/${name}`),
]

/**
 * The files that take longest (docs/performance.md, "The test suite"), longest first. vitest starts
 * the files it timed before longest first; a fresh clone has no timings, so it orders them by size,
 * and one of these starting last keeps a worker busy while the other waits at the end of its
 * project. So they always start first in their project.
 */
const longestFiles = [
  // The visual walks (issue 49: two files, one fresh sandbox each): the modal's views, and the plugins' with the chains'.
  'tests/e2e/visual/modal.visual.test.ts',
  'tests/e2e/visual/plugins.visual.test.ts',
  'tests/e2e/auth/embeddedWallet.test.ts',
  'tests/build/pack.test.ts',
  // Issue 50: `next build` of examples/nextjs (once; reused while its inputs are unchanged).
  'tests/e2e/nextjs/appRouter.test.ts',
  // Builds the docs site (about 30 s of CPU) before it opens it.
  'tests/docs/site.test.ts',
  // Issue 51: 50 sign-client pairs in five processes across two instances; the packed portico-server installed.
  'tests/server/scale/twoInstances.sigterm.processes.test.ts',
  'tests/build/serverPackage.test.ts',
  'tests/e2e/i18n/localeWalk.test.ts',
  'tests/e2e/onramp/sandbox.test.ts',
  'tests/e2e/account/send.test.ts',
]

/** vitest's order, with {@link longestFiles} moved to the front of their project's files. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = longestFiles.indexOf(relative(file.project.config.root, file.moduleId))
      return index === -1 ? longestFiles.length : index
    }
    const byProject = new Map<string, TestSpecification[]>()
    for (const file of await super.sort(files)) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file])
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return [...byProject.values()].flatMap((group) => [...group].sort((a, b) => rank(a) - rank(b)))
  }
}

// One config for the whole suite. Every test file runs with the loopback guard:
// a request to any host but 127.0.0.1 / ::1 / localhost fails the test.
export default defineConfig({
  test: {
    exclude: ['node_modules/**'],
    setupFiles: ['tests/setup/loopbackOnly.ts'],
    // One sandbox per worker slot for the end-to-end files that can share one (startSandbox's reuseFromEnv).
    // One Chromium for the run (launchChromium() connects to it).
    globalSetup: ['tests/setup/sharedSandboxes.ts', 'tests/setup/sharedChromium.ts'],
    pool: 'forks',
    maxWorkers: workers,
    sequence: { sequencer: LongestFirstSequencer },
    // Page waits are 20 s (see the e2e files' setDefaultTimeout): a test has room for two of them under load.
    testTimeout: 60_000,
    // expect.poll without its own timeout: as long as a page wait (vitest's default is 1 s).
    expect: { poll: { timeout: 20_000 } },
    // A beforeAll may start a sandbox (seven chains; see tests/helpers/startSandbox.ts) while the other
    // workers run their files: up to two minutes and more on a busy two-core machine. Hooks rely on
    // this one limit rather than each setting its own.
    hookTimeout: 240_000,
    env: { IS_VITEST: 'true' },
    // An ES module package that imports @ledgerhq's lib-es (extensionless imports Node cannot load): run through Vite.
    server: { deps: { inline: ['@mysten/ledgerjs-hw-app-sui'] } },
    projects: [
      // Each project names its own files (`extends: true` would add a root `include` to both).
      {
        extends: true,
        test: { name: 'suite', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: ['node_modules/**', ...sharedModuleFiles] },
      },
      // Most files run one after another in a worker that keeps its module graph (`isolate: false`):
      // each of them importing the kernel, React, the server, viem or Playwright afresh cost more
      // than many of their tests (docs/performance-history.md, "Second pass"). A file that keeps
      // state in a module stays in the suite above (see sharedModuleFiles).
      {
        extends: true,
        test: { name: 'shared modules', include: sharedModuleFiles, isolate: false },
      },
      // The kernel again with code generation from strings disallowed, the mechanism a strict
      // Content-Security-Policy uses in the browser (DESIGN: strict-CSP safe); its files run beside
      // the suite's in the same workers, sharing their module graph as in `shared modules`.
      {
        extends: true,
        test: {
          name: 'kernel without eval',
          include: ['tests/kernel/**/*.test.ts'],
          execArgv: ['--disallow-code-generation-from-strings'],
          isolate: false,
          env: { IS_VITEST: 'true', PORTICO_NO_EVAL: '1' },
        },
      },
    ],
  },
})
