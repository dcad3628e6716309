// Issue 53, acceptance 1 (the WalletConnect half), as a visitor on a phone (iPhone and Android, 390×844) against
// `npm start`: the demo site sets `metadata.redirect` (`universal`: its own URL), which Portico
// passes in the WalletConnect session metadata; the sandbox's `/wallet` page, opened with
// `?return=auto` as a phone wallet app that switches back, opens that link after its answer to the
// proposal and after its answer to a request. Nothing leaves 127.0.0.1.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devWalletAccount } from '../../../sandbox/config.js'
import { launchChromium } from '../../helpers/chromium.js'
import { copyWalletConnectLink } from '../../helpers/copyWalletConnectLink.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

const iPhone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
}
const android: BrowserContextOptions = {
  ...iPhone,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
}
const demoMessage = 'Hello from the Portico demo'

let sandbox: TestSandbox
let browser: Browser

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
})

afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

/** The wallet page's link back to the dapp, once it has answered. */
const returnLink = (walletPage: Page) => walletPage.getByRole('link', { name: 'Return to Portico demo dApp' })

describe('WalletConnect on a phone: the wallet returns the visitor to the site’s redirect link', () => {
  it.each([
    ['an iPhone', iPhone],
    ['an Android phone', android],
  ])('on %s: after approving the session and after answering a request, /wallet opens the demo’s metadata.redirect', async (_device, device) => {
    const blocked: string[] = []
    const demoSide = await newLoopbackContext(browser, device, blocked)
    const walletSide = await newLoopbackContext(browser, device, blocked)
    const errors: string[] = []
    try {
      await demoSide.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url })
      for (const { context } of [demoSide, walletSide]) context.setDefaultTimeout(20_000)
      const demo = await demoSide.context.newPage()
      const walletPage = await walletSide.context.newPage()
      demo.on('pageerror', (error) => errors.push(`demo: ${error.message}`))
      walletPage.on('pageerror', (error) => errors.push(`wallet: ${error.message}`))

      // The session: the link pasted into /wallet (no return yet, to read the proposal), approved.
      await walletPage.goto(`${sandbox.url}/wallet`)
      await expect.poll(() => walletPage.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Ready/)
      await demo.goto(sandbox.url)
      const uri = await copyWalletConnectLink(demo)
      await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
      await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
      const proposal = walletPage.getByRole('region', { name: 'Session proposals' }).getByRole('article', { name: 'Portico demo dApp wants to connect' })
      await proposal.getByRole('button', { name: 'Approve' }).click()
      await returnLink(walletPage).waitFor()
      // The redirect the site set, as the wallet received it in the session's metadata.
      expect(await returnLink(walletPage).getAttribute('href')).toBe(`${sandbox.url}/`)
      await expect.poll(() => demo.getByTestId('account-status').textContent(), { timeout: 20_000 }).toBe('connected')

      // A phone wallet app switches back by itself: /wallet?return=auto (the session restored from its storage).
      await walletPage.goto(`${sandbox.url}/wallet?return=auto`)
      await walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' }).waitFor()
      await demo.getByRole('button', { name: `Sign "${demoMessage}"` }).tap()
      const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'personal_sign from Portico demo dApp' })
      await request.getByRole('button', { name: 'Approve' }).click()
      // Its answer sent, the wallet opens the site's redirect link.
      await expect.poll(() => walletPage.url(), { timeout: 20_000 }).toBe(`${sandbox.url}/`)
      const signature = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await expect.poll(() => signature.textContent(), { timeout: 20_000 }).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
      const signed = ((await signature.textContent()) ?? '').replace('Signature: ', '') as Hex
      expect(await verifyMessage({ address: devWalletAccount.address, message: demoMessage, signature: signed })).toBe(true)
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await demoSide.context.close()
      await walletSide.context.close()
    }
  }, 120_000)
})
