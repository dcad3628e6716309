import { defineConfig } from 'vitest/config'

// One config for the whole suite. Every test file runs with the loopback guard:
// a request to any host but 127.0.0.1 / ::1 / localhost fails the test.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['node_modules/**'],
    setupFiles: ['tests/setup/loopbackOnly.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { IS_VITEST: 'true' },
  },
})
