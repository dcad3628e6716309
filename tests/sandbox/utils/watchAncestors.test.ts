import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const moduleUrl = new URL('../../../sandbox/utils/watchAncestors.ts', import.meta.url).href
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
let dir: string | undefined
const pids: number[] = []

afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return check()
}

const roundsOf = (file: string) => (existsSync(file) ? Number(readFileSync(file, 'utf8')) || 0 : 0)

describe('watchAncestors', () => {
  it('notices when the shell that launched the process is killed (as npm start + SIGTERM does)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-watch-'))
    const marker = join(dir, 'gone')
    const pidFile = join(dir, 'pid')
    const roundsFile = join(dir, 'rounds')
    const code = [
      `import { writeFileSync } from 'node:fs'`,
      `import { watchAncestors } from ${JSON.stringify(moduleUrl)}`,
      `writeFileSync(${JSON.stringify(pidFile)}, String(process.pid))`,
      `watchAncestors(() => { writeFileSync(${JSON.stringify(marker)}, 'gone'); process.exit(0) }, { levels: 1, intervalMs: 50 })`,
      // Its rounds, counted on a timer of the same period started after the watch's.
      `let rounds = 0; setInterval(() => writeFileSync(${JSON.stringify(roundsFile)}, String(++rounds)), 50)`,
      `setTimeout(() => process.exit(2), 20000)`,
    ].join('\n')
    // `; true` keeps the shell alive as the parent instead of exec-ing node.
    const shell = spawn('/bin/sh', ['-c', `"${process.execPath}" --import tsx --input-type=module -e "$CODE"; true`], {
      cwd: repoRoot,
      env: { ...process.env, CODE: code },
      stdio: 'ignore',
    })
    pids.push(shell.pid!)
    expect(await waitFor(() => existsSync(pidFile), 15_000)).toBe(true)
    pids.push(Number(readFileSync(pidFile, 'utf8')))
    // While its parent lives, it keeps running: six rounds of its watch later, still there.
    expect(await waitFor(() => roundsOf(roundsFile) >= 6, 15_000)).toBe(true)
    expect(existsSync(marker)).toBe(false)
    shell.kill('SIGKILL')
    expect(await waitFor(() => existsSync(marker), 5_000)).toBe(true)
  })

  it('with pids, outlives its parent and stops when the named owner exits (the shared sandbox of a test suite)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-watch-'))
    const marker = join(dir, 'gone')
    const pidFile = join(dir, 'pid')
    const roundsFile = join(dir, 'rounds')
    // The owner: a process of its own that the test ends.
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' })
    pids.push(owner.pid!)
    const code = [
      `import { writeFileSync } from 'node:fs'`,
      `import { watchAncestors } from ${JSON.stringify(moduleUrl)}`,
      `writeFileSync(${JSON.stringify(pidFile)}, String(process.pid))`,
      `watchAncestors(() => { writeFileSync(${JSON.stringify(marker)}, 'gone'); process.exit(0) }, { pids: [${owner.pid}], intervalMs: 50 })`,
      `let rounds = 0; setInterval(() => writeFileSync(${JSON.stringify(roundsFile)}, String(++rounds)), 50)`,
      `setTimeout(() => process.exit(2), 20000)`,
    ].join('\n')
    const shell = spawn('/bin/sh', ['-c', `"${process.execPath}" --import tsx --input-type=module -e "$CODE"; true`], {
      cwd: repoRoot,
      env: { ...process.env, CODE: code },
      stdio: 'ignore',
    })
    pids.push(shell.pid!)
    expect(await waitFor(() => existsSync(pidFile), 15_000)).toBe(true)
    pids.push(Number(readFileSync(pidFile, 'utf8')))
    // Its parent goes (it is orphaned): it keeps running while the owner lives.
    shell.kill('SIGKILL')
    const killedAt = roundsOf(roundsFile)
    expect(await waitFor(() => roundsOf(roundsFile) >= killedAt + 6, 15_000)).toBe(true)
    expect(existsSync(marker)).toBe(false)
    owner.kill('SIGKILL')
    expect(await waitFor(() => existsSync(marker), 5_000)).toBe(true)
  })
})
