// The social login popup in Chromium: a site on another loopback origin embeds the wallet frame
// (its CSP frame-ancestors lets it), opens the popup on /auth/v1/social/google/start, the visitor
// signs in on the sandbox identity provider, and the callback page (strict CSP, no inline script)
// posts the ticket to the site, which alone receives it, and closes. Nothing leaves 127.0.0.1.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sandboxIdentityClientId } from '../../../sandbox/identity/identityTestUsers.js'
import { startIdentityProvider, type IdentityProvider } from '../../../sandbox/identity/startIdentityProvider.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { freePort, pkce, startAuthServer, type AuthTestServer } from '../../server/auth/startAuthServer.js'
import { signInAtProvider } from '../kit/authE2e.js'

let t: AuthTestServer
let idp: IdentityProvider
let site: Server
let siteOrigin: string
let browser: Browser
const { verifier, challenge } = pkce()

beforeAll(async () => {
  const port = await freePort()
  const walletOrigin = `http://127.0.0.1:${port}`
  idp = await startIdentityProvider({ port: 0, redirectUris: [`${walletOrigin}/auth/v1/social/callback`] })
  t = await startAuthServer({
    auth: {
      walletOrigin,
      listen: { host: '127.0.0.1', port },
      frame: { script: "document.title = 'frame ready'; parent.postMessage('frame-loaded', '*')", style: 'body{margin:0}' },
      providers: { google: { preset: 'google', clientId: sandboxIdentityClientId('google'), issuer: idp.issuer('google') } },
    },
  })
  // The site: one page and one script (CSP without inline script, like a real site may have).
  site = createServer((request, response) => {
    if (request.url === '/site.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' })
      return void response.end(`
        window.results = [];
        window.addEventListener('message', (event) => window.results.push({ origin: event.origin, data: event.data }));
        document.getElementById('login').addEventListener('click', () => {
          window.open(${JSON.stringify(`${walletOrigin}/auth/v1/social/google/start?projectId=demo&challenge=${challenge}&origin=`)} + encodeURIComponent(location.origin), 'login', 'popup');
        });
      `)
    }
    response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'; frame-src " + walletOrigin })
    response.end(`<!doctype html><button id="login">Log in with Google</button><iframe src="${walletOrigin}/auth/v1/frame?projectId=demo" title="Portico wallet"></iframe><script src="/site.js"></script>`)
  })
  await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve))
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()))
  await t?.dispose()
  await idp?.stop()
})

it('embeds the frame and brings the ticket from the popup to the site', async () => {
  const { context, blocked } = await newLoopbackContext(browser)
  const page = await context.newPage()
  await page.goto(siteOrigin)
  await expect.poll(() => page.evaluate(() => (window as unknown as { results: { data: unknown }[] }).results.some((r) => r.data === 'frame-loaded'))).toBe(true)

  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#login')])
  await signInAtProvider(popup)

  const results = await page.evaluate(() => (window as unknown as { results: { origin: string; data: any }[] }).results)
  const social = results.find((r) => r.data?.type === 'portico-auth:social')!
  expect(social.origin).toBe(t.walletOrigin)
  expect(social.data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/)
  const redeemed = await t.call('POST', '/auth/v1/social/redeem', { body: { ticket: social.data.ticket, verifier } })
  expect(redeemed.body.user).toMatchObject({ email: 'alice@example.com', provider: 'google', name: 'Alice Example' })
  expect(blocked).toEqual([])
  await context.close()
}, 60_000)
