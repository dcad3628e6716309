import { defineConfig } from 'vitest/config'

// One config for the whole suite. Every test file runs with the loopback guard:
// a request to any host but 127.0.0.1 / ::1 / localhost fails the test.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['node_modules/**'],
    setupFiles: ['tests/setup/loopbackOnly.ts'],
    // One sandbox per worker slot for the end-to-end files that can share one (startSandbox's reuseFromEnv).
    globalSetup: ['tests/setup/sharedSandboxes.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    // A beforeAll may start a sandbox (seven chains and a build): up to 90 s on a busy two-core machine.
    hookTimeout: 120_000,
    env: { IS_VITEST: 'true' },
  },
})
