// Global setup: the end-to-end files that work against a running sandbox (`startSandbox({
// reuseFromEnv: true })`) share one sandbox per vitest worker slot instead of starting one each
// (each start is some 15 s of two busy cores: seven chains, the server, the demo's build). Files of
// one slot run one after another, so no two files use a sandbox at the same time. The teardown
// stops every shared sandbox and removes its data.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

/** What `tests/helpers/startSandbox.ts` writes for a slot's sandbox. */
export type SharedSandboxRecord = { url: string; port: number; pid: number; dataDir: string; stdoutFile: string; stderrFile: string }

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the shared sandboxes' records live; empty when the suite shares none. */
    sharedSandboxDir: string
    /** The vitest main process: a shared sandbox stops when it does, not when the worker that started it exits. */
    sharedSandboxOwnerPid: number
  }
}

const stopTimeoutMs = 15_000

/** Whether a process with this pid runs (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-shared-sandboxes-'))
  project.provide('sharedSandboxDir', dir)
  project.provide('sharedSandboxOwnerPid', process.pid)
  return async () => {
    const records = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SharedSandboxRecord)
    await Promise.all(
      records.map(async (record) => {
        try {
          process.kill(record.pid, 'SIGTERM')
        } catch {
          // already gone
        }
        const started = Date.now()
        while (isAlive(record.pid) && Date.now() - started < stopTimeoutMs) await new Promise((resolve) => setTimeout(resolve, 100))
        try {
          // Whatever is left of its group (a devnet it started) goes with it.
          process.kill(-record.pid, 'SIGKILL')
        } catch {
          // the group is gone
        }
        rmSync(record.dataDir, { recursive: true, force: true })
      }),
    )
    rmSync(dir, { recursive: true, force: true })
  }
}
