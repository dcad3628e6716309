import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installDebianPackages } from '../../sandbox/utils/installDebianPackages.js'
import { chromium, type Browser } from 'playwright-core'
import { inject } from 'vitest'

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

/**
 * Chromium features the project turns off on top of Playwright's own list. Since Chromium 15x the
 * headless browser gives every window (each Playwright context) the omnibox's popup as a WebUI page
 * in a renderer of its own: a second renderer per context that draws a popup no test opens. Measured
 * on the demo site (a fresh context per load, the browser's CPU read from /proc): about 2.2 CPU-s
 * per load with it, 1.1–1.6 without (docs/performance.md, "The test suite").
 */
export const disabledFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

/**
 * The `--disable-features` list Playwright itself passes, read off the command line it builds: a
 * launch of a stand-in executable that writes its arguments down and exits (no browser starts).
 * Chromium keeps only the last `--disable-features` of its command line and Playwright puts its own
 * first, so a second one would silently drop Playwright's (PaintHolding, HttpsUpgrades, …).
 */
let playwrightDisabled: Promise<string[]> | undefined
function playwrightDisabledFeatures(): Promise<string[]> {
  return (playwrightDisabled ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-chromium-args-'))
    try {
      const executablePath = join(dir, 'chromium')
      writeFileSync(executablePath, `#!/bin/sh\nprintf '%s\\n' "$@" > '${join(dir, 'args')}'\nexit 1\n`, { mode: 0o755 })
      await chromium.launch({ executablePath, timeout: 10_000 }).then((browser) => browser.close(), () => undefined)
      const args = readFileSync(join(dir, 'args'), 'utf8').split('\n')
      return args.find((arg) => arg.startsWith('--disable-features='))?.slice('--disable-features='.length).split(',').filter(Boolean) ?? []
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })())
}

/**
 * The flags to launch Chromium with: {@link chromiumArgs}, `extraArgs`, and one `--disable-features`
 * carrying Playwright's list, {@link disabledFeatures} and any the caller's flags name.
 *
 * @example
 * await chromiumLaunchArgs(['--disable-features=LocalNetworkAccessChecks'])
 */
export async function chromiumLaunchArgs(extraArgs: readonly string[] = []): Promise<string[]> {
  const flag = '--disable-features='
  const asked = extraArgs.filter((arg) => arg.startsWith(flag)).flatMap((arg) => arg.slice(flag.length).split(','))
  const features = [...new Set([...(await playwrightDisabledFeatures()), ...disabledFeatures, ...asked])]
  return [...chromiumArgs, ...extraArgs.filter((arg) => !arg.startsWith(flag)), `${flag}${features.join(',')}`]
}

const installCommand = 'apt-get update && apt-get install -y chromium'
const installLock = '/tmp/portico-chromium-install.lock'

/**
 * Debian's Chromium, or undefined when it is not installed.
 *
 * @example
 * findChromium() // '/usr/bin/chromium'
 */
export function findChromium(): string | undefined {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  try {
    const found = execFileSync('/bin/sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
    return found || undefined
  } catch {
    return undefined
  }
}

/** Installs Debian's chromium (root only), one installer at a time across test workers. */
function installChromium(): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(`Chromium is not installed. Install Debian's package with: sudo sh -c '${installCommand}' (never \`npx playwright install\`).`)
  }
  installDebianPackages({ what: 'chromium', command: installCommand, lock: installLock, installed: () => findChromium() !== undefined })
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
 * Launches Debian's Chromium with playwright-core for a test, or, under the suite (without extra
 * flags), connects to the one browser the suite's global setup runs for all files. Finds `/usr/bin/chromium` (or
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
  // Under the suite, the browser its global setup started (tests/setup/sharedChromium.ts): a file
  // gets a connection, and its contexts are its own; `close()` closes them and disconnects.
  const shared = extraArgs.length ? undefined : sharedChromiumEndpoint()
  if (shared) return chromium.connect(shared, { timeout: 30_000 })
  let executablePath = findChromium()
  if (!executablePath) {
    installChromium()
    executablePath = findChromium()
  }
  if (!executablePath) throw new Error(`Chromium is not installed. Install it with: ${installCommand}`)
  return chromium.launch({ executablePath, args: await chromiumLaunchArgs(extraArgs), timeout: 30_000 })
}

/** The suite's shared browser (tests/setup/sharedChromium.ts), when this runs under it. */
function sharedChromiumEndpoint(): string | undefined {
  try {
    return inject('chromiumWsEndpoint') || undefined
  } catch {
    return undefined
  }
}
