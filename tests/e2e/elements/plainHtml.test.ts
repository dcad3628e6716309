// Issue 26's acceptance for web components, as a visitor: the sandbox's plain HTML page
// (/elements.html: a stylesheet, the dev wallet, one module importing portico, portico/eip155 and
// portico/elements by URL, and the custom elements) in real Chromium under the sandbox's strict
// CSP, with the real Portico Dev Wallet, anvil and the Portico server.
import { beforeAll, describe, expect, it } from 'vitest'
import { visitDemo } from '../../helpers/visitDemo.js'

const warnings: string[] = []

const demo = visitDemo()

beforeAll(async () => {
  demo.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
})

const { header } = demo
const accountSection = () => demo.page.getByRole('region', { name: 'Your account' })
const eventLog = () => demo.page.getByRole('list', { name: 'Portico events' }).getByRole('listitem').allTextContents()
// What a listener on `document` received, recorded by the test itself (the page's own log aside).
const documentEvents = () => demo.page.evaluate(() => (window as unknown as { __seen: { type: string; target: string; detail: unknown }[] }).__seen)

describe('Portico as custom elements on a plain HTML page', () => {
  it('renders the elements in place of their fallback, with no React on the page\'s side', async () => {
    await demo.page.goto(`${demo.sandbox.url}/elements.html`)
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor()
    expect(await header().textContent()).not.toContain('Loading…')
    await header().getByRole('button', { name: 'Portico Devnet A' }).waitFor()
    // Not connected: the account element is empty.
    expect(await accountSection().getByRole('button').count()).toBe(0)
    await demo.page.evaluate(() => {
      const seen: { type: string; target: string; detail: unknown }[] = ((window as unknown as { __seen: unknown[] }).__seen = [])
      for (const type of ['portico-connect', 'portico-disconnect', 'portico-account-change', 'portico-open', 'portico-close']) {
        document.addEventListener(type, (event) => seen.push({ type, target: (event.target as Element).localName, detail: (event as CustomEvent).detail }))
      }
    })
  })

  it('connects the dev wallet from <portico-connect-button>, shows the account in <portico-account-button>, and tells document', async () => {
    await header().getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = demo.page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => dialog.getAttribute('aria-modal')).toBe('true')
    // One modal for the whole page, however many elements it has.
    expect(await demo.page.getByRole('dialog').count()).toBe(1)
    expect(await demo.page.locator('.portico-root').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
    await expect.poll(() => demo.page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    await expect.poll(() => accountSection().getByRole('button').textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')
    await expect.poll(() => header().textContent(), { timeout: 20_000 }).toContain('0xf39F…2266')

    await expect.poll(async () => (await documentEvents()).map((e) => e.type), { timeout: 20_000 }).toEqual(['portico-open', 'portico-connect', 'portico-close'])
    const connect = (await documentEvents()).find((e) => e.type === 'portico-connect')
    expect(connect).toEqual({
      type: 'portico-connect',
      // Dispatched once, from the page's <portico-modal>, and bubbled to document.
      target: 'portico-modal',
      detail: { namespace: 'eip155', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', connectorId: expect.any(String) },
    })
    expect((await eventLog()).some((line) => line.startsWith('portico-connect {"namespace":"eip155"'))).toBe(true)
  })

  it('disconnects from the account element, and document hears portico-disconnect', async () => {
    await accountSection().getByRole('button', { name: /0xf39F…2266/ }).click()
    await demo.page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => header().getByRole('button', { name: 'Connect Wallet' }).count(), { timeout: 20_000 }).toBe(1)
    expect(await accountSection().getByRole('button').count()).toBe(0)
    await expect.poll(async () => (await documentEvents()).filter((e) => e.type === 'portico-disconnect').map((e) => e.detail), { timeout: 20_000 }).toEqual([{ namespace: 'eip155' }])
  })

  it('follows attributes and properties, and warns (never breaks) on a bad value', async () => {
    const connectElement = demo.page.locator('portico-connect-button')
    await connectElement.evaluate((el) => el.setAttribute('label', 'Sign in with a wallet'))
    await header().getByRole('button', { name: 'Sign in with a wallet' }).waitFor()
    await connectElement.evaluate((el) => void ((el as unknown as { label: string }).label = 'Use your wallet'))
    await header().getByRole('button', { name: 'Use your wallet' }).waitFor()
    expect(await connectElement.getAttribute('label')).toBe('Use your wallet')

    await connectElement.evaluate((el) => {
      el.setAttribute('namespace', 'cosmos')
      el.setAttribute('label', '')
    })
    await header().getByRole('button', { name: 'Connect Wallet' }).waitFor()
    expect(warnings.some((w) => w.includes('<portico-connect-button namespace="cosmos">') && w.includes('using the active namespace') && w.includes('docs/guides/web-components.md#attributes'))).toBe(true)
    expect(warnings.some((w) => w.includes('<portico-connect-button label="">') && w.includes('using the default label'))).toBe(true)
    await connectElement.evaluate((el) => {
      el.removeAttribute('namespace')
      el.removeAttribute('label')
    })
    expect(demo.visitor.pageErrors).toEqual([])
  })

  it('keeps an element working when it moves, unmounts it when it is removed, and renders a new one', async () => {
    const network = demo.page.locator('portico-network-button')
    await network.evaluate((el) => document.querySelector('main')?.append(el))
    await demo.page.getByRole('main').getByRole('button', { name: 'Portico Devnet A' }).click()
    await demo.page.getByRole('dialog').getByRole('button', { name: 'Portico Devnet B' }).waitFor()
    await demo.page.keyboard.press('Escape')
    await expect.poll(() => demo.page.getByRole('dialog').count()).toBe(0)

    // Removed for good: after the microtask its React tree is unmounted (its button is gone from it).
    const removed = await network.elementHandle()
    await removed!.evaluate((el) => el.remove())
    await expect.poll(() => removed!.evaluate((el) => el.childElementCount)).toBe(0)

    await demo.page.evaluate(() => {
      const added = document.createElement('portico-connect-button')
      added.setAttribute('label', 'Another way in')
      document.querySelector('main')?.append(added)
    })
    await demo.page.getByRole('main').getByRole('button', { name: 'Another way in' }).click()
    await demo.page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    expect(await demo.page.getByRole('dialog').count()).toBe(1)
    await demo.page.keyboard.press('Escape')
    await expect.poll(() => demo.page.getByRole('dialog').count()).toBe(0)
  })

  it('ran under the sandbox\'s strict CSP with no violation, no page error and nothing beyond 127.0.0.1', async () => {
    expect(await demo.visitor.cspViolations()).toEqual([])
    expect(demo.visitor.pageErrors).toEqual([])
    expect(demo.visitor.blocked).toEqual([])
  })
})
