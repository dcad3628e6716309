// Issue 21, acceptance 3: provider keys never reach the page. The whole sandbox (chains, server,
// demo, checkout) runs with the five real providers configured beside the sandbox's own, each with
// dummy secret and publishable keys. Every answer of /v1/onramp/* and /v1/generators/onrampurl is
// searched, and so is every page, script and style the sandbox serves, found by crawling from the
// demo and from the checkout pages the generator hands out.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type StartSandboxReturnType, startSandbox } from '../../sandbox/startSandbox.js'
import { pickSandboxPort } from '../helpers/pickSandboxPort.js'

const devnet = 'eip155:31337'
const evmUser = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const secrets = ['sk_SECRET_moonpay_7f3a', 'sk_SECRET_transak_7f3a', 'sk_SECRET_coinbase_7f3a', 'sk_SECRET_ramp_7f3a', 'sk_SECRET_meld_7f3a']
/** What each widget needs in its URL (Coinbase Onramp takes the session token, not the app id). */
const publishable = ['pk_PUBLIC_moonpay_7f3a', 'pk_PUBLIC_transak_7f3a', 'pk_PUBLIC_ramp_7f3a', 'pk_PUBLIC_meld_7f3a', 'SESSION_TOKEN_cdp_7f3a']
/** Configured, needed by no URL: in no answer at all. */
const unused = ['pk_PUBLIC_coinbase_7f3a']

let sandbox: StartSandboxReturnType
let dataDir: string
let solanaChain: string
let solanaUser: string
/** Every /v1 answer: `{ path, text }` (body and headers). */
const answers: { path: string; text: string }[] = []

async function call(path: string, body?: unknown): Promise<{ status: number; json: Record<string, any> }> {
  const response = await fetch(`${sandbox.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const text = await response.text()
  answers.push({ path, text: `${text}\n${JSON.stringify([...response.headers])}` })
  return { status: response.status, json: JSON.parse(text) as Record<string, any> }
}

/** Same-origin URLs named by a page, a script or a style sheet. */
function linksIn(text: string, base: string): string[] {
  const found = new Set<string>()
  const patterns = [/(?:src|href|action)="([^"#]+)"/g, /\bimport\s*\(?\s*["'`]([^"'`]+)["'`]/g, /\bfrom\s*["'`]([^"'`]+)["'`]/g, /url\(\s*["']?([^"')]+)["']?\s*\)/g, /["'`](\/[A-Za-z0-9_\-./]+\.(?:js|css|html|json|svg|png))["'`]/g]
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[1]
      if (!raw || raw.startsWith('data:')) continue
      try {
        const url = new URL(raw, base)
        if (url.origin === sandbox.url) found.add(url.pathname + url.search)
      } catch {
        // not a URL
      }
    }
  }
  return [...found]
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-onramp-keys-'))
  const port = await pickSandboxPort()
  sandbox = await startSandbox({
    port,
    dataDir,
    onrampProviders: [
      { type: 'moonpay', publicKey: 'pk_PUBLIC_moonpay_7f3a', secretKey: 'sk_SECRET_moonpay_7f3a', assets: { [devnet]: 'eth' } },
      { type: 'transak', publicKey: 'pk_PUBLIC_transak_7f3a', secretKey: 'sk_SECRET_transak_7f3a', assets: { [devnet]: { code: 'ETH', network: 'ethereum' } } },
      { type: 'coinbase', publicKey: 'pk_PUBLIC_coinbase_7f3a', secretKey: 'sk_SECRET_coinbase_7f3a', assets: { [devnet]: { code: 'ETH', network: 'base' } }, createSessionToken: async () => 'SESSION_TOKEN_cdp_7f3a' },
      { type: 'ramp', publicKey: 'pk_PUBLIC_ramp_7f3a', secretKey: 'sk_SECRET_ramp_7f3a', appName: 'Demo', assets: { [devnet]: 'ETH_ETH' } },
      { type: 'meld', publicKey: 'pk_PUBLIC_meld_7f3a', secretKey: 'sk_SECRET_meld_7f3a', assets: { [devnet]: 'ETH' } },
    ],
  })
  const solana = sandbox.info.chains.find((c) => c.namespace === 'solana')!
  solanaChain = solana.caipNetworkId
  solanaUser = sandbox.info.solanaAccount as string
})
afterAll(async () => {
  await sandbox?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('on-ramp provider keys in the running sandbox', () => {
  const checkoutPages: string[] = []

  it('the API offers all six providers and builds each checkout URL; secret keys are in no answer, publishable ones only inside a checkout URL', async () => {
    const project = `projectId=${sandbox.info.projectId}`
    const options = await call(`/v1/onramp/options?${project}`)
    expect(options.status).toBe(200)
    expect(JSON.stringify(options.json)).toMatch(/sandbox[\s\S]*moonpay[\s\S]*transak[\s\S]*coinbase[\s\S]*ramp[\s\S]*meld/)
    for (const body of [
      { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: devnet },
      { purchaseCurrency: 'pUSD', paymentCurrency: 'EUR', amount: '50', network: devnet },
      { purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '30', network: solanaChain },
      { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '999999999', network: devnet },
      { purchaseCurrency: '<script>', paymentCurrency: 'USD', amount: '-1', network: devnet },
    ]) {
      const answer = await call(`/v1/onramp/quote?${project}`, body)
      expect(answer.status).toBeLessThan(500)
    }
    for (const provider of ['moonpay', 'transak', 'coinbase', 'ramp', 'meld']) {
      const answer = await call(`/v1/generators/onrampurl?${project}`, { destinationWallets: [{ address: evmUser, blockchains: [devnet], assets: ['ETH'] }], defaultNetwork: devnet, presetFiatAmount: '50', paymentCurrency: 'USD', provider })
      expect(answer.status, provider).toBe(200)
      expect(answer.json.url, provider).toMatch(/^https:\/\//)
      const status = await call(`/v1/onramp/orders/${answer.json.orderId}?${project}`)
      expect(status.status).toBeLessThan(500)
    }
    for (const [chain, address, asset] of [[devnet, evmUser, 'pUSD'], [devnet, evmUser, 'ETH'], [solanaChain, solanaUser, 'SOL']] as const) {
      const answer = await call(`/v1/generators/onrampurl?${project}`, { destinationWallets: [{ address, blockchains: [chain], assets: [asset] }], defaultNetwork: chain, presetFiatAmount: '50', paymentCurrency: 'USD', provider: 'sandbox' })
      expect(answer.status).toBe(200)
      expect(answer.json.url.startsWith(`${sandbox.url}/sandbox/onramp?`)).toBe(true)
      checkoutPages.push(answer.json.url.slice(sandbox.url.length))
    }
    // Hostile and misdirected calls: their errors carry no key either.
    await call(`/v1/generators/onrampurl?${project}`, { provider: 'moonpay', destinationWallets: [{ address: 'nope', blockchains: [devnet], assets: ['ETH'] }], presetFiatAmount: '50', paymentCurrency: 'USD' })
    await call(`/v1/onramp/webhooks/moonpay?${project}`, { status: 'completed' })
    await call(`/v1/onramp/webhooks/sandbox?${project}`, { status: 'completed' })

    expect(answers.length).toBeGreaterThanOrEqual(20)
    const everything = answers.map((a) => a.text).join('\n')
    for (const secret of [...secrets, ...unused]) expect(everything, secret).not.toContain(secret)
    for (const key of publishable) {
      const holding = answers.filter((a) => a.text.includes(key))
      expect(holding.length, key).toBeGreaterThan(0)
      for (const answer of holding) expect(answer.path, key).toMatch(/^\/v1\/generators\/onrampurl\?/)
    }
  }, 60_000)

  it('no page, script or style the sandbox serves (the demo, the checkout, everything they link) holds any key', async () => {
    expect(checkoutPages).toHaveLength(3)
    const queue = ['/', '/sandbox.json', ...checkoutPages]
    const fetched = new Map<string, { status: number; type: string; text: string }>()
    while (queue.length > 0 && fetched.size < 400) {
      const path = queue.shift() as string
      if (fetched.has(path)) continue
      const response = await fetch(`${sandbox.url}${path}`)
      const text = await response.text()
      fetched.set(path, { status: response.status, type: response.headers.get('content-type') ?? '', text })
      if (response.ok && /html|javascript|css/.test(response.headers.get('content-type') ?? '')) {
        for (const link of linksIn(text, `${sandbox.url}${path}`)) if (!fetched.has(link) && !link.startsWith('/v1/')) queue.push(link)
      }
    }
    const served = [...fetched].filter(([, page]) => page.status === 200)
    const kinds = (re: RegExp) => served.filter(([, page]) => re.test(page.type)).length
    // The crawl reached the demo, its scripts and styles, and the three checkout pages.
    expect(kinds(/html/)).toBeGreaterThanOrEqual(4)
    expect(kinds(/javascript/)).toBeGreaterThanOrEqual(2)
    expect(kinds(/css/)).toBeGreaterThanOrEqual(1)
    expect(served.filter(([path, page]) => path.startsWith('/sandbox/onramp?') && page.text.includes('Card number'))).toHaveLength(3)
    for (const [path, page] of served) {
      for (const key of [...secrets, ...unused, ...publishable]) expect(page.text.includes(key), `${key} in ${path}`).toBe(false)
    }
  }, 120_000)
})
