import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, statSync } from 'node:fs'

export type InstallDebianPackagesParameters = {
  /** What the packages are, for messages (`chromium`, `postgresql and redis-server`). */
  what: string
  /** The shell command that installs them (`apt-get update && apt-get install -y chromium`). */
  command: string
  /** A lock folder in /tmp shared by every process that may install the same packages. */
  lock: string
  /** Whether they are installed now (checked again after waiting for another installer). */
  installed: () => boolean
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Installs Debian packages a test or the sandbox needs (Chromium, Postgres, Redis) with apt, as
 * root only, one installer at a time across processes: `mkdir` of the lock is atomic, whoever
 * creates it installs and the others wait for the packages (at most 10 minutes). A lock left by a
 * crashed run (older than 15 minutes) is taken over.
 *
 * @throws Error naming the command when not root, when the install fails, or on timeout
 * @example
 * installDebianPackages({ what: 'chromium', command: 'apt-get update && apt-get install -y chromium', lock: '/tmp/portico-chromium-install.lock', installed: () => existsSync('/usr/bin/chromium') })
 */
export function installDebianPackages({ what, command, lock, installed }: InstallDebianPackagesParameters): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(`${what} is not installed. Install Debian's package with: sudo sh -c '${command}'`)
  }
  const deadline = Date.now() + 10 * 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (installed()) return
      try {
        if (Date.now() - statSync(lock).mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true })
      } catch {
        // the lock went away meanwhile; try again
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for another ${what} install (lock ${lock}).`)
      sleep(1_000)
    }
  }
  try {
    if (installed()) return
    const result = spawnSync('/bin/sh', ['-c', command], { stdio: 'ignore', timeout: 8 * 60_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (result.status !== 0 || !installed()) throw new Error(`Installing ${what} failed (exit ${String(result.status)}). Run it by hand: ${command}`)
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
