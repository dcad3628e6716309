// The flags the suite's Chromium runs with: one `--disable-features` that keeps Playwright's own list
// and adds the project's (Chromium honours only the last one), and with them no omnibox WebUI
// renderer beside each context's page.
import type { Browser } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'

import { chromiumLaunchArgs, disabledFeatures, launchChromium } from './chromium.js'

const opened: Browser[] = []
afterAll(async () => {
  await Promise.all(opened.map((browser) => browser.close()))
})

/** The browser's own command line (chrome://version) and the targets a fresh context's page brings. */
async function inspect(browser: Browser) {
  const session = await browser.newBrowserCDPSession()
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('chrome://version')
  const commandLine = (await page.locator('#command_line').textContent())!.split(' ')
  const { targetInfos } = await session.send('Target.getTargets')
  await context.close()
  return { commandLine, targets: targetInfos.map((target) => `${target.type} ${target.url}`) }
}

describe('the suite’s Chromium flags', () => {
  it("one --disable-features: Playwright's list, the project's and the caller's", async () => {
    const args = await chromiumLaunchArgs(['--disable-features=LocalNetworkAccessChecks', '--mute-audio'])
    const switches = args.filter((arg) => arg.startsWith('--disable-features='))
    expect(switches).toHaveLength(1)
    const features = switches[0]!.slice('--disable-features='.length).split(',')
    // PaintHolding is one of Playwright's own (its chromiumSwitches; playwright-core is pinned).
    expect(features).toEqual(expect.arrayContaining(['PaintHolding', ...disabledFeatures, 'LocalNetworkAccessChecks']))
    expect(args).toContain('--mute-audio')
  })

  it.each([
    ['the shared browser of the run', [] as string[]],
    ['a browser with flags of its own', ['--disable-features=LocalNetworkAccessChecks']],
  ])('%s: the launched command line carries the merged list, and its contexts hold pages, no omnibox WebUI', async (_, extraArgs) => {
    const browser = await launchChromium(extraArgs)
    opened.push(browser)
    const { commandLine, targets } = await inspect(browser)
    const switches = commandLine.filter((arg) => arg.startsWith('--disable-features='))
    // Playwright's own switch comes first; the last one is the one Chromium honours.
    const honoured = switches.at(-1)!.slice('--disable-features='.length).split(',')
    expect(honoured).toEqual(expect.arrayContaining(['PaintHolding', ...disabledFeatures, ...extraArgs.map((arg) => arg.split('=')[1]!)]))
    // Every context of the browser (the shared one has other files' too): pages, never a browser_ui target.
    expect(targets).toContain('page chrome://version/')
    expect(targets.filter((target) => !target.startsWith('page ') && !target.startsWith('iframe ') && !target.startsWith('worker ') && !target.startsWith('service_worker ') && !target.startsWith('shared_worker '))).toEqual([])
  })
})
