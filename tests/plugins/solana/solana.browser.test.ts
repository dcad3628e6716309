import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Portico } from '../../../kernel/kernel.js'
import { solanaLocalnet } from '../../../plugins/solana/index.js'
import { sandboxPageCsp } from '../../../sandbox/registerSandboxPages.js'
import { devSolanaAddress } from '../../../sandbox/solana/devSolana.js'
import { fundSolanaDevAccounts } from '../../../sandbox/solana/fundSolanaDevAccounts.js'
import { startSolanaRpc, type SolanaRpc } from '../../../sandbox/solana/startSolanaRpc.js'
import { createServer, type PorticoServer } from '../../../server/createServer.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'
import { lamportsOf, tokenUnitsOf } from './helpers/readChain.js'

declare global {
  interface Window {
    __portico: Portico
  }
}

const repo = fileURLToPath(new URL('../../..', import.meta.url))
let rpc: SolanaRpc
let server: PorticoServer
let dataDir: string
let mint: string
let browser: Browser
let context: BrowserContext
let blocked: string[]
let page: Page
const problems: string[] = []

/** The page's JavaScript: ES modules with code splitting, as a site's bundler makes them. */
async function bundle(): Promise<Map<string, string>> {
  const result = await build({
    absWorkingDir: repo,
    entryPoints: { page: 'tests/plugins/solana/browser/solanaPage.entry.ts', wallet: 'sandbox/solanaWallet/solanaDevWallet.entry.ts' },
    outdir: '/t',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  })
  return new Map(result.outputFiles.map((file) => [file.path.replace(/^.*\/t\//, '/t/'), file.text]))
}

beforeAll(async () => {
  const [files, launched] = await Promise.all([bundle(), launchChromium()])
  browser = launched
  rpc = await startSolanaRpc()
  ;({ mint } = await fundSolanaDevAccounts(rpc))
  dataDir = await mkdtemp(join(tmpdir(), 'portico-solana-browser-'))
  server = await createServer({
    port: 0,
    dataDir,
    defaultProject: { allowedOrigins: ['*'] },
    relay: false,
    indexer: false,
    chains: [{ caipNetworkId: solanaLocalnet.caipNetworkId, name: 'Portico Solana Localnet', rpcUrl: rpc.rpcUrl, nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, nativePriceUsd: 150, tokens: [{ address: mint, name: 'Portico USD', symbol: 'pUSD', decimals: 6, priceUsd: 1 }] }],
    extend(app) {
      app.get('/', async (_request, reply) => {
        reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', sandboxPageCsp)
        // The wallet is a classic script, as an extension's content script; the site is a module.
        return reply.send('<!doctype html><html lang="en"><head><title>solana</title><script type="module" src="/t/wallet.js"></script><script type="module" src="/t/page.js"></script></head><body><main>site</main></body></html>')
      })
      for (const [path, text] of files) app.get(path, async (_request, reply) => reply.header('content-type', 'text/javascript; charset=utf-8').send(text))
    },
  })
  ;({ context, blocked } = await newLoopbackContext(browser))
  page = await context.newPage()
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto(server.url)
  await page.waitForFunction(() => Boolean(window.__portico && window.__porticoSolanaDevWallet))
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.close()
  await rpc?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const fresh = () => base58.encode(ed25519.getPublicKey(randomBytes(32)))

describe('the solana plugin in Chromium with the Solana dev wallet (strict CSP)', () => {
  it('discovers the wallet through the Wallet Standard and connects', async () => {
    const names = await page.evaluate(async () => (await window.__portico.discoverWallets('solana')).map((w) => `${w.name}:${w.namespace}`))
    expect(names).toEqual(['Portico Dev Wallet:solana'])
    const connection = await page.evaluate(() => window.__portico.connect({ connectorId: 'Portico Dev Wallet', namespace: 'solana' }))
    expect(connection.caipAddress).toBe(`${solanaLocalnet.caipNetworkId}:${devSolanaAddress}`)
  })

  it('shows the SOL and pUSD balances', async () => {
    const sol = await page.evaluate(() => window.__portico.fetchBalance('solana'))
    expect(sol?.balance).toBe((Number(await lamportsOf(rpc.rpcUrl, devSolanaAddress)) / 1e9).toString())
    const tokens = await page.evaluate(async () => (await window.__portico.fetchTokenBalances('solana')).map((b) => `${b.symbol}:${b.quantity.numeric}`))
    expect(tokens).toContain(`pUSD:${Number(await tokenUnitsOf(rpc.rpcUrl, devSolanaAddress, mint)) / 1e6}`)
  })

  it('sends 0.25 SOL and 3 pUSD to a fresh address; the LiteSVM RPC shows them', async () => {
    const to = fresh()
    await page.evaluate((to) => window.__portico.send({ to, amount: '0.25', namespace: 'solana' }), to)
    await page.evaluate(({ to, token }) => window.__portico.send({ to, amount: '3', token: token as `${string}:${string}:${string}`, namespace: 'solana' }), { to, token: `${solanaLocalnet.caipNetworkId}:${mint}` })
    expect(await lamportsOf(rpc.rpcUrl, to)).toBe(250_000_000n)
    expect(await tokenUnitsOf(rpc.rpcUrl, to, mint)).toBe(3_000_000n)
  })

  it('refuses a first transfer below the rent-exempt minimum before the wallet signs', async () => {
    const before = await page.evaluate(() => window.__porticoSolanaDevWallet!.activity().length)
    const message = await page.evaluate((to) => window.__portico.send({ to, amount: '0.0001', namespace: 'solana' }).then(() => 'sent', (e: { shortMessage?: string }) => e.shortMessage), fresh())
    expect(message).toMatch(/^The recipient is a new account: send at least 0\.\d+ SOL \(the rent-exempt minimum\)$/)
    expect(await page.evaluate(() => window.__porticoSolanaDevWallet!.activity().length)).toBe(before)
  })

  it('caused no CSP violation, no page error, and nothing left 127.0.0.1', () => {
    expect(problems).toEqual([])
    expect(blocked).toEqual([])
  })
})
