// The sandbox's /wallet page approves the sui namespace the demo proposes over WalletConnect, and a
// personal message signed there on the Sui network verifies with @mysten/sui (not Portico's code).
import { verifyPersonalMessageSignature } from '@mysten/sui/verify'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { devSuiAddress } from '../../../sandbox/sui/devSui.js'
import { launchChromium } from '../../helpers/chromium.js'
import { explainFailure } from '../../helpers/explainFailure.js'
import { pairWithWalletPage } from '../../helpers/pairWithWalletPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

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

describe('the /wallet page and the sui namespace', () => {
  it('approves the sui namespace, and a personal message approved on /wallet verifies', async () => {
    const { context, demo, walletPage, errors, blocked, describe: pages } = await pairWithWalletPage({ browser, url: sandbox.url, network: 'Portico Sui Localnet', chain: 'sui:localnet', method: 'sui_signPersonalMessage' })
    try {
      const header = demo.getByRole('navigation', { name: 'Wallet' })
      const dialog = demo.getByRole('dialog')

      const suiShort = `${devSuiAddress.slice(0, 6)}…${devSuiAddress.slice(-4)}`
      await explainFailure(expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain(suiShort), pages)
      await explainFailure(expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0), pages)
      const session = walletPage.getByRole('region', { name: 'Sessions' }).getByRole('article', { name: 'Portico demo dApp' })
      await explainFailure(session.waitFor(), pages)
      expect(await session.textContent()).toContain('sui:localnet')

      await demo.getByRole('button', { name: `Sign "${demoMessage}"` }).click()
      const request = walletPage.getByRole('region', { name: 'Requests' }).getByRole('article', { name: 'sui_signPersonalMessage from Portico demo dApp' })
      await explainFailure(request.waitFor({ timeout: 20_000 }), pages)
      expect(await request.textContent()).toContain('sui:localnet')
      await request.getByRole('button', { name: 'Approve' }).click()
      const output = demo.getByRole('region', { name: 'Sign a message' }).getByRole('status')
      await explainFailure(expect.poll(() => output.textContent(), { timeout: 20_000 }).toMatch(/^Signature: [A-Za-z0-9+/=]{130,}$/), pages)
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
