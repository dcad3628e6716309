// What the WalletConnect, dev-wallet, multi-wallet, Safe and smart-account e2e files share (issue 49):
// the sandbox's chains, a visitor's context, the phones, the demo's "Sign" button, a Node wallet on
// the sandbox's relay, the dev wallet called as a dapp calls it, and the wait for both sides of a
// WalletConnect session to be back after a relay restart.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { devWalletAccount } from '../../../sandbox/config.js'
import type { SandboxInfo } from '../../../sandbox/registerSandboxPages.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { recordCspViolations } from '../../helpers/openSandboxPage.js'
import { startTestWallet, type TestWallet } from '../../plugins/walletconnect/helpers/startTestWallet.js'

export const demoMessage = 'Hello from the Portico demo'

export { android, iPhone } from '../../helpers/phones.js'

export const readSandboxInfo = async (url: string) => (await (await fetch(`${url}/sandbox.json`)).json()) as SandboxInfo

/** The JSON-RPC URL of a sandbox chain (its CAIP-2 id); throws when the sandbox has none. */
export function nodeUrlOf(info: SandboxInfo, id: string): string {
  const chain = info.chains.find((c) => c.caipNetworkId === id)
  if (!chain) throw new Error(`the sandbox has no ${id}`)
  return chain.nodeUrl
}

/** A real sign-client wallet in Node on the sandbox's relay, holding dev account 0 on both devnets. */
export async function startSandboxWallet(info: SandboxInfo, name: string): Promise<TestWallet> {
  const rpcUrls = Object.fromEntries(['eip155:31337', 'eip155:31338'].map((id) => [id, nodeUrlOf(info, id)]))
  return startTestWallet({ relayUrl: info.relayUrl, account: privateKeyToAccount(devWalletAccount.privateKey), rpcUrls, name })
}

export type Visitor = { context: BrowserContext; page: Page; blocked: string[]; errors: string[]; cspViolations(): Promise<string[]> }

/**
 * A visitor of `origin`: a loopback-only context (motion reduced: no test here checks motion) that
 * may use the clipboard and records CSP violations, 20 s per step, and one page whose errors it keeps.
 */
export async function openVisitor(browser: Browser, origin: string, options: BrowserContextOptions = {}, blocked: string[] = []): Promise<Visitor> {
  const { context } = await newLoopbackContext(browser, { reducedMotion: 'reduce', ...options }, blocked)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  await context.addInitScript({ content: recordCspViolations })
  context.setDefaultTimeout(20_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const cspViolations = () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
  return { context, page, blocked, errors, cspViolations }
}

/** The demo's "Sign" button: the signature it shows, checked to verify for `signer` (viem). */
export async function signOnDemo(page: Page, signer: Address, click: 'click' | 'tap' = 'click'): Promise<Hex> {
  await page.getByRole('button', { name: `Sign "${demoMessage}"` })[click]()
  const output = page.getByRole('region', { name: 'Sign a message' }).getByRole('status')
  await expect.poll(() => output.textContent()).toMatch(/^Signature: 0x[0-9a-f]{130}$/)
  const signature = ((await output.textContent()) ?? '').replace('Signature: ', '') as Hex
  expect(await verifyMessage({ address: signer, message: demoMessage, signature })).toBe(true)
  return signature
}

type WalletAnswer = { result?: unknown; error?: { code: number; message: string } }

/**
 * Calls the Portico Dev Wallet as a dapp does: found by EIP-6963 discovery (its rdns), or, with
 * `direct`, through the provider it puts on the window. Errors come back as `{ code, message }`.
 */
export function callDevWallet(page: Page, method: string, params?: unknown, direct = false): Promise<WalletAnswer> {
  return page.evaluate(
    async ({ method, params, direct }) => {
      type Provider = { request(a: unknown): Promise<unknown> }
      let provider: Provider | undefined
      if (direct) provider = (window as unknown as { __porticoDevWallet: { provider: Provider } }).__porticoDevWallet.provider
      else {
        const found: { info: { rdns: string }; provider: Provider }[] = []
        const onAnnounce = (e: Event) => found.push((e as CustomEvent).detail)
        window.addEventListener('eip6963:announceProvider', onAnnounce)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
        window.removeEventListener('eip6963:announceProvider', onAnnounce)
        provider = found.find((p) => p.info.rdns === 'dev.portico.wallet')?.provider
      }
      if (!provider) return { error: { code: -1, message: 'Portico Dev Wallet not announced' } }
      try {
        return { result: await provider.request(params === undefined ? { method } : { method, params }) }
      } catch (error) {
        const e = error as { code: number; message: string }
        return { error: { code: e.code, message: e.message } }
      }
    },
    { method, params, direct },
  )
}

/**
 * Armed before a relay restart: waits until the page's sign-client (the core the plugin started)
 * and the Node wallet's have each reconnected and subscribed to their topics again (the
 * sign-client's `subscription_resubscribed`). A request published into the dying socket would be
 * retried only after ~20 s (offline-stack §3, quirk 9), so the next request waits for this.
 */
export async function armRelayReconnect(page: Page, wallet: TestWallet): Promise<() => Promise<void>> {
  let walletBack = false
  wallet.client.core.relayer.subscriber.once('subscription_resubscribed', () => (walletBack = true))
  await page.evaluate(() => {
    type Core = { relayer: { subscriber: { once(event: string, listener: () => void): void } } }
    const w = window as unknown as Record<string, unknown>
    const key = Object.keys(w).find((k) => k.startsWith('_walletConnectCore_') && !k.endsWith('_count'))
    if (!key) throw new Error('no WalletConnect core on the page')
    w.__relayBack = false
    ;(w[key] as Core).relayer.subscriber.once('subscription_resubscribed', () => (w.__relayBack = true))
  })
  return async () => {
    await expect.poll(() => walletBack, { message: "the Node wallet's sign-client subscribed again after the relay restart" }).toBe(true)
    await expect.poll(() => page.evaluate(() => (window as unknown as { __relayBack: boolean }).__relayBack), { message: "the page's sign-client subscribed again after the relay restart" }).toBe(true)
  }
}
