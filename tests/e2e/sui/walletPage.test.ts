// The sandbox's /wallet page approves the sui namespace the demo proposes over WalletConnect, and a
// personal message signed there on the Sui network verifies with @mysten/sui (not Portico's code).
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devSuiAddress } from '../../../sandbox/sui/devSui.js'
import { launchChromium } from '../../helpers/chromium.js'
import { copyWalletConnectLink } from '../../helpers/copyWalletConnectLink.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { recordCspViolations } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

const demoMessage = 'Hello from the Portico demo'
let sandbox: TestSandbox
let browser: Browser

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await sandbox?.stop()
})

describe('the /wallet page and the sui namespace', () => {
  it('approves the sui namespace, and a personal message approved on /wallet verifies', async () => {
    const { context, blocked } = await newLoopbackContext(browser)
    const errors: string[] = []
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url })
      await context.addInitScript({ content: recordCspViolations })
      context.setDefaultTimeout(15_000)
      const demo = await context.newPage()
      const walletPage = await context.newPage()
      demo.on('pageerror', (error) => errors.push(`demo: ${error.message}`))
      walletPage.on('pageerror', (error) => errors.push(`wallet: ${error.message}`))
      await walletPage.goto(`${sandbox.url}/wallet`)
      await expect.poll(() => walletPage.getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/^Ready/)

      // The visitor makes the Sui network active, then connects with WalletConnect.
      await demo.goto(sandbox.url)
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      await header.getByRole('button', { name: /Portico Devnet A/ }).click()
      await demo.getByRole('dialog').getByRole('button', { name: 'Portico Sui Localnet' }).click()
      await expect.poll(() => demo.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0)
      const uri = await copyWalletConnectLink(demo)
      await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
      await walletPage.getByRole('button', { name: 'Connect' }).click()
      const proposal = walletPage.getByRole('region', { name: 'Session proposals' }).getByRole('article', { name: 'Portico demo dApp wants to connect' })
      await proposal.waitFor({ timeout: 15_000 })
      expect(await proposal.textContent()).toContain('sui:localnet')
      expect(await proposal.textContent()).toContain('sui_signPersonalMessage')
      await proposal.getByRole('button', { name: 'Approve' }).click()

      const suiShort = `${devSuiAddress.slice(0, 6)}…${devSuiAddress.slice(-4)}`
      await expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(suiShort)
      await expect.poll(() => demo.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0)
      const session = walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
      await session.waitFor()
      expect(await session.textContent()).toContain('sui:localnet')

      await demo.getByRole('button', { name: `Sign "${demoMessage}"` }).click()
      const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'sui_signPersonalMessage from Portico demo dApp' })
      await request.waitFor({ timeout: 15_000 })
      expect(await request.textContent()).toContain('sui:localnet')
      await request.getByRole('button', { name: 'Approve' }).click()
      const output = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^Signature: [A-Za-z0-9+/=]{130,}$/)
      const signature = ((await output.textContent()) ?? '').replace('Signature: ', '')
      expect((await verifyPersonalMessageSignature(new TextEncoder().encode(demoMessage), signature)).toSuiAddress()).toBe(devSuiAddress)

      expect(await demo.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
      expect(errors).toEqual([])
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  }, 90_000)
})
