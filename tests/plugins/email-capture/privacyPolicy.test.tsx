// The DataCapture view's consent text links the site's privacy policy (issue 44): the top-level
// `createPortico({ privacyPolicyUrl })` that the Connect view's legal line uses, unless the
// plugin's own `emailCapture({ privacyPolicyUrl })` names another. The view is rendered with the
// real kernel (react-dom/server) and read in Chromium, where the link is found by role and name.
import '../../helpers/emailCaptureLoaded.js'
import { renderToString } from 'react-dom/server'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Portico, PorticoOptions } from '../../../kernel/kernel.js'
import { emailCapture, type EmailCaptureOptions } from '../../../plugins/email-capture/index.js'
import { DataCaptureView } from '../../../plugins/email-capture/views/DataCaptureView.js'
import { PorticoContext } from '../../../ui/provider/PorticoContext.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { createTestPortico, newWallet, testChain } from '../../kernel/helpers/testKit.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** The consent's privacy links as Chromium's accessibility tree names them: `[name, href]`. */
async function privacyLinks(site: Partial<PorticoOptions>, plugin?: EmailCaptureOptions): Promise<[string, string | null][]> {
  const { portico } = createTestPortico({ plugins: [testChain('eip155', newWallet()), emailCapture(plugin)], features: { emailCapture: true }, ...site })
  await portico.ready()
  try {
    const html = renderToString(
      <PorticoContext.Provider value={portico as Portico}>
        <DataCaptureView />
      </PorticoContext.Provider>,
    )
    // The view rendered its form (not the "off" note): the consent text is there.
    expect(html).toContain('portico-capture__consent')
    const { context, blocked } = await newLoopbackContext(browser)
    try {
      const page = await context.newPage()
      await page.setContent(`<!doctype html><html lang="en"><body><main>${html}</main></body></html>`)
      const links = page.getByRole('link', { name: 'Privacy policy' })
      const found: [string, string | null][] = []
      for (let i = 0; i < (await links.count()); i += 1) found.push([((await links.nth(i).textContent()) ?? '').trim(), await links.nth(i).getAttribute('href')])
      expect(blocked).toEqual([])
      return found
    } finally {
      await context.close()
    }
  } finally {
    await portico.destroy()
  }
}

describe("DataCapture's privacy policy link", () => {
  it('links the top-level createPortico({ privacyPolicyUrl }) when the plugin names none', async () => {
    expect(await privacyLinks({ privacyPolicyUrl: 'https://shop.example.com/privacy' })).toEqual([['Privacy policy', 'https://shop.example.com/privacy']])
  })

  it("takes the plugin's own privacyPolicyUrl over the top-level one", async () => {
    expect(await privacyLinks({ privacyPolicyUrl: 'https://shop.example.com/privacy' }, { privacyPolicyUrl: 'https://shop.example.com/newsletter-privacy' })).toEqual([
      ['Privacy policy', 'https://shop.example.com/newsletter-privacy'],
    ])
    expect(await privacyLinks({}, { privacyPolicyUrl: 'https://shop.example.com/newsletter-privacy' })).toEqual([['Privacy policy', 'https://shop.example.com/newsletter-privacy']])
  })

  it('has no link when neither names a policy, nor for a top-level value the Connect view would not link either', async () => {
    expect(await privacyLinks({})).toEqual([])
    expect(await privacyLinks({ privacyPolicyUrl: 'javascript:alert(1)' })).toEqual([])
    expect(await privacyLinks({ privacyPolicyUrl: 'http://shop.example.com/privacy' })).toEqual([])
  })
})
