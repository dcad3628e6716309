import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** The flags the project runs Debian's Chromium with (DESIGN §8). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const installCommand = 'apt-get update && apt-get install -y chromium'
const installLock = '/tmp/portico-chromium-install.lock'

function findChromium(): string | undefined {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  try {
    const found = execFileSync('/bin/sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
    return found || undefined
  } catch {
    return undefined
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** Installs Debian's chromium (root only), one installer at a time across test workers. */
function installChromium(): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(`Chromium is not installed. Install Debian's package with: sudo sh -c '${installCommand}' (never \`npx playwright install\`).`)
  }
  const deadline = Date.now() + 10 * 60_000
  // mkdir is atomic: whoever creates the lock installs; the others wait for the binary.
  for (;;) {
    try {
      mkdirSync(installLock)
      break
    } catch {
      if (findChromium()) return
      // A lock left by a crashed run is older than any install takes: take it over.
      try {
        if (Date.now() - statSync(installLock).mtimeMs > 15 * 60_000) rmSync(installLock, { recursive: true, force: true })
      } catch {
        // the lock went away meanwhile; try again
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for another chromium install (lock ${installLock}).`)
      sleep(1_000)
    }
  }
  try {
    if (findChromium()) return
    const result = spawnSync('/bin/sh', ['-c', installCommand], {
      stdio: 'ignore',
      timeout: 8 * 60_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (result.status !== 0 || !findChromium()) {
      throw new Error(`Installing chromium failed (exit ${String(result.status)}). Run it by hand: ${installCommand}`)
    }
  } finally {
    rmSync(installLock, { recursive: true, force: true })
  }
}

/**
 * Makes sure Debian's Chromium is installed (installing it as root when missing) and returns its
 * path. `npm test` calls this once before the suite, so no test waits for an install.
 *
 * @example
 * ensureChromium() // '/usr/bin/chromium'
 */
export function ensureChromium(): string {
  const found = findChromium()
  if (found) return found
  installChromium()
  const installed = findChromium()
  if (!installed) throw new Error(`Chromium is still missing after the install. Run: ${installCommand}`)
  return installed
}

/**
 * Launches Debian's Chromium with playwright-core for a test. Finds `/usr/bin/chromium` (or
 * `command -v chromium`); when it is missing and the test runs as root it installs Debian's
 * `chromium` package, otherwise it throws naming the command. It never downloads a browser build.
 *
 * @param extraArgs - more Chromium flags (the startup bench's loopback-only proxy)
 * @returns the browser; close it in `afterAll`
 * @example
 * const browser = await launchChromium()
 * const { context, blocked } = await newLoopbackContext(browser)
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  let executablePath = findChromium()
  if (!executablePath) {
    installChromium()
    executablePath = findChromium()
  }
  if (!executablePath) throw new Error(`Chromium is not installed. Install it with: ${installCommand}`)
  return chromium.launch({ executablePath, args: [...chromiumArgs, ...extraArgs], timeout: 30_000 })
}
