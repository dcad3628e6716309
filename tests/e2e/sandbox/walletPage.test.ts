import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devWalletAccount } from '../../../sandbox/config.js'
import { devAddresses } from '../../../sandbox/devnets/devAccounts.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { recordCspViolations } from '../../helpers/openSandboxPage.js'
import { startSandbox, type TestSandbox } from '../../helpers/startSandbox.js'

type Dapp = Awaited<ReturnType<typeof SignClient.init>>

let sandbox: TestSandbox
let browser: Browser
let context: BrowserContext
let blocked: string[]
let page: Page
let dapp: Dapp
let session: SessionTypes.Struct
let info: SandboxInfo
const pageErrors: string[] = []
const dappName = 'Sandbox Test Dapp'
/** What the dapp's relayer saw: its disconnects and the topics of the messages it took. */
const dappEvents = { lost: 0, messages: [] as string[], published: [] as number[], connected: 0 }

/** A real sign-client dapp on the sandbox's relay with the given metadata (storage in memory, telemetry off). */
const startDapp = (metadata: { name: string; description: string; url: string; icons: string[] }) =>
  SignClient.init({ projectId: 'demo', relayUrl: info.relayUrl, metadata, telemetryEnabled: false, logger: 'silent', customStoragePrefix: `wallet-page-${metadata.url}-${Date.now()}` })

beforeAll(async () => {
  ;[sandbox, browser] = await Promise.all([startSandbox({ reuseFromEnv: true }), launchChromium()])
  info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as SandboxInfo
  ;({ context, blocked } = await newLoopbackContext(browser, { reducedMotion: 'reduce' }))
  await context.addInitScript({ content: recordCspViolations })
  // Each step fails on its own within 20 s (not the test's 60 s), so a failure names the step.
  context.setDefaultTimeout(20_000)
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  dapp = await startDapp({ name: dappName, description: 'A dapp in the test process', url: 'http://127.0.0.1:1', icons: [] })
  dapp.core.relayer.on('relayer_disconnect', () => (dappEvents.lost += 1))
  dapp.core.relayer.on('relayer_message', (event: { topic: string }) => dappEvents.messages.push(event.topic))
  dapp.core.relayer.on('relayer_publish', (event: { params?: { tag?: number } }) => dappEvents.published.push(event.params?.tag ?? 0))
  dapp.on('session_connect', () => (dappEvents.connected += 1))
})

afterAll(async () => {
  await dapp?.core.relayer.transportClose().catch(() => undefined)
  await context?.close()
  await browser?.close()
  await sandbox?.stop()
})

describe('the WalletConnect dev wallet page (/wallet) with a real sign-client dapp', () => {
  it('pairs from a pasted wc: URI, shows the proposal and approves it', async () => {
    const response = await page.goto(`${sandbox.url}/wallet`)
    expect(response?.headers()['content-type']).toMatch(/^text\/html/)
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Ready/)

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:31337', 'eip155:31338'],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['chainChanged', 'accountsChanged'],
        },
      },
    })
    // Asked for at once, as Portico's plugin does: the sign-client's approval() resolves only when it
    // was called before the session settles (called after, it waits until the proposal expires),
    // and under load the wallet page can settle before a late call.
    const approved = approval()
    approved.catch(() => undefined) // awaited below; a failure before then must not go unhandled
    expect(uri).toMatch(/^wc:/)
    // A malformed URI gets a clear message and pairs nothing.
    await page.getByRole('textbox', { name: 'WalletConnect URI' }).fill('wc:not-a-uri')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/not a WalletConnect v2 URI/)

    await page.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri!)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const proposals = page.getByRole('region', { name: 'Session proposals' })
    const proposal = proposals.getByRole('article', { name: `${dappName} wants to connect` })
    await proposal.waitFor({ timeout: 20_000 })
    expect(await proposal.getByText('eip155:31337, eip155:31338').count()).toBe(1)
    expect(await proposal.getByText('personal_sign, eth_sendTransaction').count()).toBe(1)
    await proposal.getByRole('button', { name: 'Approve' }).click()

    // If no session comes, say what each side had (this is how the late approval() call above was found).
    let timer: ReturnType<typeof setTimeout> | undefined
    const pairingTopic = uri!.slice('wc:'.length).split('@')[0]!
    const dappSide = () => {
      const { relayer } = dapp.core
      const topics = relayer.subscriber.topics
      return `relay ${relayer.connected ? 'connected' : 'not connected'}, lost ${dappEvents.lost} times; subscribed to ${topics.length} topics (the pairing topic: ${topics.includes(pairingTopic) ? 'yes' : 'no'}); messages received on the pairing topic ${dappEvents.messages.filter((t) => t === pairingTopic).length}, on others ${dappEvents.messages.filter((t) => t !== pairingTopic).length}; proposals pending ${dapp.proposal.getAll().length}; sessions stored ${dapp.session.getAll().length}; published tags ${dappEvents.published.join(', ') || 'none'}; session_connect events ${dappEvents.connected}`
    }
    session = await Promise.race([
      approved,
      new Promise<never>((_, reject) => {
        timer = setTimeout(async () => reject(new Error(`The dapp got no session within 20 s of Approve. The dapp: ${dappSide()}. The wallet page shows: ${(await page.getByRole('main').innerText().catch(() => '?')).split(/\s*\n\s*/).join(' · ')}`)), 20_000)
      }),
    ]).finally(() => clearTimeout(timer))
    expect(session.peer.metadata.name).toBe('Portico Dev Wallet')
    expect(session.namespaces.eip155?.accounts).toEqual([
      `eip155:31337:${devWalletAccount.address}`,
      `eip155:31338:${devWalletAccount.address}`,
    ])
    const sessions = page.getByRole('region', { name: 'Sessions' })
    await sessions.getByRole('article', { name: dappName }).waitFor()
    expect(await proposals.getByRole('article').count()).toBe(0)
    expect(await page.locator('#wallet-relay').textContent()).toBe(`Relay: ${info.relayUrl} · connected`)
  })

  it('answers an approved personal_sign with a signature that verifies', async () => {
    const message = 'Hello from the dapp'
    const hex = `0x${Buffer.from(message, 'utf8').toString('hex')}`
    const pending = dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [hex, devWalletAccount.address] },
    })
    const request = page.getByRole('region', { name: 'Requests' }).getByRole('article', { name: `personal_sign from ${dappName}` })
    await request.waitFor({ timeout: 20_000 })
    // The page shows the decoded message before the user approves.
    expect(await request.getByText(message, { exact: true }).count()).toBe(1)
    await request.getByRole('button', { name: 'Approve' }).click()
    const signature = await pending
    expect(await verifyMessage({ address: devWalletAccount.address, message, signature })).toBe(true)
  })

  it('shows when it loses the relay and gets the next request once it is back', async () => {
    const relay = page.locator('#wallet-relay')
    // Offline: the client drops its socket (the browser's offline event); a request sent meanwhile waits in the relay's mailbox.
    await context.setOffline(true)
    await expect.poll(() => relay.textContent()).toMatch(/· disconnected, reconnecting… · lost 1 time$/)
    const message = 'Sent while the wallet was offline'
    const pending = dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [`0x${Buffer.from(message, 'utf8').toString('hex')}`, devWalletAccount.address] },
    })
    const request = page.getByRole('region', { name: 'Requests' }).getByRole('article', { name: `personal_sign from ${dappName}` })
    await context.setOffline(false)
    await expect.poll(() => relay.textContent(), { timeout: 20_000 }).toBe(`Relay: ${info.relayUrl} · connected · lost 1 time`)
    await request.waitFor({ timeout: 20_000 })
    expect(await request.getByText(message, { exact: true }).count()).toBe(1)
    await request.getByRole('button', { name: 'Approve' }).click()
    expect(await verifyMessage({ address: devWalletAccount.address, message, signature: await pending })).toBe(true)
  })

  it('a rejected request reaches the dapp as a user rejection', async () => {
    const pending = dapp
      .request({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: ['0x6e6f', devWalletAccount.address] },
      })
      .then(
        () => ({ code: 0 }),
        (error: { code: number }) => ({ code: error.code }),
      )
    const request = page.getByRole('region', { name: 'Requests' }).getByRole('article', { name: `personal_sign from ${dappName}` })
    await request.waitFor({ timeout: 20_000 })
    await request.getByRole('button', { name: 'Reject' }).click()
    expect((await pending).code).toBe(5000)
  })

  it('signs and sends an approved eth_sendTransaction on 31338', async () => {
    const to = devAddresses[8]!
    const pending = dapp.request<Hex>({
      topic: session.topic,
      chainId: 'eip155:31338',
      request: { method: 'eth_sendTransaction', params: [{ from: devWalletAccount.address, to, value: '0x2386f26fc10000' }] },
    })
    const request = page.getByRole('region', { name: 'Requests' }).getByRole('article', { name: `eth_sendTransaction from ${dappName}` })
    await request.waitFor({ timeout: 20_000 })
    expect(await request.getByText('0.01 ETH').count()).toBe(1)
    await request.getByRole('button', { name: 'Approve' }).click()
    const hash = await pending
    const chainB = info.chains.find((c) => c.caipNetworkId === 'eip155:31338')!
    const receipt = await createPublicClient({ transport: http(chainB.nodeUrl) }).waitForTransactionReceipt({ hash, timeout: 20_000 })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())
  })

  it('Disconnect ends the session on both sides', async () => {
    const deleted = new Promise<string>((resolve) => dapp.once('session_delete', ({ topic }) => resolve(topic)))
    const sessions = page.getByRole('region', { name: 'Sessions' })
    await sessions.getByRole('button', { name: `Disconnect ${dappName}` }).click()
    expect(await deleted).toBe(session.topic)
    await expect.poll(() => sessions.getByRole('article').count()).toBe(0)
  })

  it('shows a hostile dapp\'s metadata as plain text, and a rejected proposal reaches the dapp', async () => {
    const hostileName = '<img src=x onerror="window.__pwned=1">Evil'
    const evil = await startDapp({ name: hostileName, description: '<script>window.__pwned=2</script>', url: 'javascript:alert(1)', icons: ['javascript:alert(2)'] })
    try {
      const { uri, approval } = await evil.connect({
        optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
      })
      const outcome = approval().then(
        () => 'approved',
        (error: { code?: number; message?: string }) => `rejected ${error.code ?? ''}`,
      )
      await page.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri!)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      const proposal = page.getByRole('region', { name: 'Session proposals' }).getByRole('article', { name: `${hostileName} wants to connect` })
      await proposal.waitFor({ timeout: 20_000 })
      expect(await proposal.getByText('javascript:alert(1)', { exact: true }).count()).toBe(1)
      expect(await proposal.locator('img, script, a').count()).toBe(0)
      await proposal.getByRole('button', { name: 'Reject' }).click()
      expect(await outcome).toBe('rejected 5000')
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    } finally {
      await evil.core.relayer.transportClose().catch(() => undefined)
    }
  })

  it('a proposal for chains it cannot serve fails clearly on Approve and is rejected, not left hanging', async () => {
    const solanaOnly = await startDapp({ name: 'Solana Only Dapp', description: '', url: 'http://127.0.0.1:2', icons: [] })
    try {
      const { uri, approval } = await solanaOnly.connect({
        optionalNamespaces: {
          solana: { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], methods: ['solana_signMessage'], events: [] },
        },
      })
      const outcome = approval().then(
        () => 'approved',
        () => 'rejected',
      )
      await page.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri!)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      const proposal = page.getByRole('region', { name: 'Session proposals' }).getByRole('article', { name: 'Solana Only Dapp wants to connect' })
      await proposal.waitFor({ timeout: 20_000 })
      await proposal.getByRole('button', { name: 'Approve' }).click()
      expect(await outcome).toBe('rejected')
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Could not approve: /)
      await expect.poll(() => proposal.count()).toBe(0)
      // The wallet keeps working: the first dapp's session list is unaffected.
      expect(await page.getByRole('region', { name: 'Sessions' }).getByRole('article').count()).toBe(0)
    } finally {
      await solanaOnly.core.relayer.transportClose().catch(() => undefined)
    }
  })

  it('the wallet page and the demo site have no serious or critical axe-core violation', async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    // axe is injected by the test, which the pages' CSP would (rightly) refuse; so this context bypasses it.
    const audit = await newLoopbackContext(browser, { bypassCSP: true })
    try {
      const auditPage = await audit.context.newPage()
      for (const path of ['/wallet', '/']) {
        await auditPage.goto(`${sandbox.url}${path}`)
        await auditPage.waitForLoadState('networkidle')
        await auditPage.addScriptTag({ content: axeSource })
        const violations = await auditPage.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe
          const result = await axe.run()
          return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }))
        })
        expect(
          violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
          path,
        ).toEqual([])
      }
      expect(audit.blocked).toEqual([])
    } finally {
      await audit.context.close()
    }
  })

  it('made no request beyond 127.0.0.1, threw no page error and broke no CSP rule', async () => {
    expect(blocked).toEqual([])
    expect(pageErrors).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])).toEqual([])
  })
})
