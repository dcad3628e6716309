import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkFixedSleeps, readTestSources, type FixedSleep } from './checkFixedSleeps.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The test files that may wait on time, each with how many sleeps and why no condition can stand in
 * for them. Keep it short: a sleep belongs here only when no event, promise, poll or fake clock can
 * say what the test waits for (docs/testing.md, "Waits on conditions").
 */
const allowed: Record<string, { count: number; reason: string }> = {
  'tests/e2e/ui/harness/harnessPlugin.ts': {
    count: 1,
    reason: 'not a wait in the test: the harness wallet takes 300 ms to reconnect, as a real one does, so the restoring state ("Connecting…") is on screen; the tests wait for the account label, never for this delay',
  },
  'tests/server/relay/relayRestart.signClient.test.ts': {
    count: 1,
    reason: 'not a wait in the test: the storage a relay runs on answers every statement late, a shared database under load, so frames keep arriving while the relay drains; what the test waits for is the sign-clients\' answers',
  },
}

const byFile = (sleeps: readonly FixedSleep[]) => {
  const files = new Map<string, FixedSleep[]>()
  for (const sleep of sleeps) files.set(sleep.path, [...(files.get(sleep.path) ?? []), sleep])
  return files
}

describe('no fixed sleeps in tests', () => {
  it('finds every form of a fixed sleep and names its file and line', () => {
    const text = [
      "import { setTimeout as wait } from 'node:timers/promises'",
      'await new Promise((r) => setTimeout(r, 50))',
      'await new Promise((resolve) => setTimeout(() => resolve(1), 20))',
      'await page.waitForTimeout(300)',
      'await sleep(10)',
      'await wait(100)',
      'Atomics.wait(view, 0, 0, 100)',
      'const tick = () => new Promise(function (done) { setTimeout(done, 5) })',
    ].join('\n')
    expect(checkFixedSleeps([{ path: 'tests/x/a.test.ts', text }]).map((s) => `${s.path}:${s.line}`)).toEqual(['tests/x/a.test.ts:2', 'tests/x/a.test.ts:3', 'tests/x/a.test.ts:4', 'tests/x/a.test.ts:5', 'tests/x/a.test.ts:6', 'tests/x/a.test.ts:7', 'tests/x/a.test.ts:8'])
  })

  it('takes a poll, a deadline and a turn of the event loop for what they are', () => {
    const text = [
      'while (!ready()) await new Promise((r) => setTimeout(r, 20))',
      'for (;;) { if (done()) break; await page.waitForTimeout(100) }',
      "await Promise.race([work, new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 5_000))])",
      "await Promise.race([work, new Promise((resolve) => setTimeout(() => resolve('late'), 5_000))])",
      "await new Promise((resolve) => { socket.once('data', resolve); setTimeout(() => resolve('none'), 1_000) })",
      'await new Promise((r) => setTimeout(r, 0))',
      'await new Promise((r) => setTimeout(r))',
      'const timer = setTimeout(() => child.kill(), 60_000)',
      "spawn(node, ['-e', 'setTimeout(() => {}, 20000)'])",
      '// await sleep(100)',
    ].join('\n')
    expect(checkFixedSleeps([{ path: 'tests/x/b.test.ts', text }])).toEqual([])
  })

  it('reads every script under tests/', () => {
    const paths = readTestSources(root).map((f) => f.path)
    expect(paths).toEqual(expect.arrayContaining(['tests/architecture/noFixedSleeps.test.ts', 'tests/helpers/startSandbox.ts', 'tests/ui/connectMethods.test.tsx', 'tests/setup/sharedSandboxes.ts']))
  })

  it('holds in tests/, but for the allow-list', () => {
    const found = byFile(checkFixedSleeps(readTestSources(root)))
    const problems: string[] = []
    for (const [path, sleeps] of found) {
      const expected = allowed[path]?.count ?? 0
      if (sleeps.length !== expected) problems.push(`${path}: ${sleeps.length} fixed sleep(s), ${expected} allowed\n${sleeps.map((s) => `  ${s.path}:${s.line} ${s.form}`).join('\n')}`)
    }
    for (const path of Object.keys(allowed)) if (!found.has(path)) problems.push(`${path}: listed, but has no fixed sleep left (remove it from the list)`)
    expect(problems).toEqual([])
  })

  it('gives each allowed file its reason', () => {
    for (const [path, { count, reason }] of Object.entries(allowed)) {
      expect(count, path).toBeGreaterThan(0)
      expect(reason.length, path).toBeGreaterThan(20)
    }
  })
})
