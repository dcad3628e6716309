// Issue 52, the phone's Connect sheet, as a visitor on an iPhone (390×844) with no wallet
// installed: the demo site from `npm start` in real Chromium, without the sandbox's injected dev
// wallets (their scripts are answered empty here, as on a phone that has no extension), with the
// real embedded-wallet plugin's email and social logins. The Connect list leads with the wallet
// apps to open ("Open in <wallet>", then the WalletConnect-able rows) before email and social, and
// the sheet leaves the page in sight above it (at most three quarters of the screen), its list
// scrolling inside.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { visitDemo } from '../../helpers/visitDemo.js'
import { iPhone } from '../kit/flowsE2e.js'

const viewport = iPhone.viewport!
/** The sandbox's injected wallets (and its WebHID Ledger, which no phone has). */
const extensionScripts = ['dev-wallet', 'cosmos-dev-wallet', 'solana-dev-wallet', 'bitcoin-dev-wallet', 'sui-dev-wallet', 'polkadot-dev-wallet', 'stacks-dev-wallet', 'ledger-device', 'personas']


const demo = visitDemo({ contextOptions: iPhone })

beforeAll(async () => {
  for (const name of extensionScripts) await demo.visitor.context.route(`${demo.sandbox.url}/${name}.js`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }))
})

const connect = () => demo.page.getByRole('dialog', { name: 'Connect Wallet' })
const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.y ?? Number.NaN

describe('the Connect sheet on a phone with no wallet installed', () => {
  it('leads with the wallet apps to open, before email and social', async () => {
    await demo.page.goto(demo.sandbox.url)
    await demo.page.getByRole('navigation', { name: 'Wallet' }).getByRole('button', { name: 'Connect Wallet' }).tap()
    const openIn = connect().getByRole('region', { name: 'Open in your wallet app' })
    await openIn.waitFor()
    // Nothing is installed: no "Installed" group, and the first rows open wallet apps.
    expect(await connect().getByRole('region', { name: 'Installed' }).count()).toBe(0)
    expect(await openIn.getByRole('link', { name: /^Open in / }).count()).toBeGreaterThan(0)
    const email = connect().getByRole('textbox', { name: 'Email' })
    const google = connect().getByRole('button', { name: 'Continue with Google' })
    await email.waitFor({ state: 'attached' })
    await google.waitFor({ state: 'attached' })
    // In the document and on the screen, the wallet apps come first, then WalletConnect, then the logins.
    const walletConnect = connect().getByRole('button', { name: 'WalletConnect', exact: true })
    const [openInTop, walletConnectTop, emailTop, googleTop] = [await top(openIn), await top(walletConnect), await top(email), await top(google)]
    expect(openInTop).toBeLessThan(walletConnectTop)
    expect(walletConnectTop).toBeLessThan(emailTop)
    expect(emailTop).toBeLessThan(googleTop)
    const methods = await connect().locator('[data-method]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-method')))
    expect(methods[0]).toBe('wallet')
  })

  it('leaves the page in sight: the sheet takes at most three quarters of the screen, and its list scrolls to the logins', async () => {
    const box = await connect().boundingBox()
    expect(box).not.toBeNull()
    expect(box!.height).toBeLessThanOrEqual(viewport.height * 0.75 + 1)
    // A bottom sheet: it ends at the screen's bottom edge, the page shows above it.
    expect(Math.round(box!.y + box!.height)).toBe(viewport.height)
    expect(box!.y).toBeGreaterThanOrEqual(viewport.height * 0.25 - 1)
    // The logins are below, reached by scrolling inside the sheet.
    const email = connect().getByRole('textbox', { name: 'Email' })
    await email.scrollIntoViewIfNeeded()
    const field = await email.boundingBox()
    expect(field!.y).toBeGreaterThanOrEqual(box!.y)
    expect(field!.y + field!.height).toBeLessThanOrEqual(viewport.height)
    expect(demo.visitor.blocked).toEqual([])
    expect(demo.visitor.pageErrors).toEqual([])
  })
})
