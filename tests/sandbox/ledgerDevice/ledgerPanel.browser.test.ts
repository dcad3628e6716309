import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { recoverMessageAddress, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ledgerDeviceAddresses } from '../../../sandbox/ledgerDevice/ledgerDeviceAccounts.js'
import { sandboxPageCsp } from '../../../sandbox/registerSandboxPages.js'
import { launchChromium } from '../../helpers/chromium.js'
import { newLoopbackContext } from '../../helpers/newLoopbackContext.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const path = "44'/60'/0'/0/0"

let server: Server
let url: string
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

async function bundle(entry: string, inject: string[] = []): Promise<string> {
  const result = await build({ absWorkingDir: root, entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser', target: ['es2022'], minify: true, logLevel: 'silent', inject, define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' } })
  return result.outputFiles[0]!.text
}

beforeAll(async () => {
  const [device, harness] = await Promise.all([
    bundle('sandbox/ledgerDevice/ledgerDevice.entry.ts'),
    bundle('tests/sandbox/ledgerDevice/fixtures/ledgerHarness.ts', ['tests/sandbox/ledgerDevice/fixtures/bufferShim.ts']),
  ])
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ledger test</title><script src="/ledger-device.js"></script><script src="/harness.js"></script></head><body><main><h1>Site</h1></main></body></html>'
  const files: Record<string, [string, string]> = { '/': [html, 'text/html'], '/ledger-device.js': [device, 'text/javascript'], '/harness.js': [harness, 'text/javascript'] }
  server = createServer((request, response) => {
    const file = files[request.url ?? '']
    if (!file) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': `${file[1]}; charset=utf-8`, 'content-security-policy': sandboxPageCsp }).end(file[0])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  browser = await launchChromium()
  ;({ context } = await newLoopbackContext(browser, { viewport: { width: 360, height: 740 } }))
  page = await context.newPage()
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto(url)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

describe('the emulated Ledger in Chromium (strict CSP, 360 px wide)', () => {
  it('puts itself behind navigator.hid, and the real TransportWebHID + hw-app-eth read its address', async () => {
    expect(await page.evaluate(() => typeof (navigator as unknown as { hid: { requestDevice: unknown } }).hid.requestDevice)).toBe('function')
    expect(await page.evaluate((p) => window.ledgerHarness.getAddress(p), path)).toBe(ledgerDeviceAddresses.eip155[0])
    expect(await page.evaluate((p) => window.__porticoLedger!.address('eip155', p), path)).toBe(ledgerDeviceAddresses.eip155[0])
  })

  it('is collapsed on a phone, opens for a waiting request, shows it, and signs when Approve is pressed from the keyboard', async () => {
    const panel = page.getByRole('region', { name: 'Ledger (emulated)' })
    const toggle = panel.getByRole('button', { name: 'Show the Ledger panel' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await page.evaluate(() => window.__porticoLedger!.setMode('ask'))
    const pending = page.evaluate((p) => window.ledgerHarness.signPersonalMessage(p, 'Hello from the panel'), path)
    const screen = panel.getByRole('status', { name: 'Device screen' })
    await expect.poll(() => screen.textContent()).toBe('Sign message · Hello from the panel')
    const box = await panel.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true)
    const approve = panel.getByRole('button', { name: 'Approve' })
    expect(await approve.isEnabled()).toBe(true)
    await approve.focus()
    await page.keyboard.press('Enter')
    const signature = (await pending) as Hex
    expect(await recoverMessageAddress({ message: 'Hello from the panel', signature })).toBe(ledgerDeviceAddresses.eip155[0])
    expect(await approve.isEnabled()).toBe(false)
    expect(await screen.textContent()).toBe('Ethereum is ready')
  })

  it('rejects from the panel with 6985, and its switches drive the device', async () => {
    const panel = page.getByRole('region', { name: 'Ledger (emulated)' })
    const pending = page.evaluate((p) => window.ledgerHarness.signPersonalMessage(p, 'No thanks'), path)
    await expect.poll(() => panel.getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true)
    await panel.getByRole('button', { name: 'Reject' }).click()
    expect(await pending).toBe('error 6985')
    await panel.getByRole('combobox', { name: 'App' }).selectOption('Solana')
    await panel.getByRole('switch', { name: 'Locked' }).check()
    await panel.getByRole('switch', { name: 'Blind signing' }).uncheck()
    await panel.getByRole('combobox', { name: 'Answer' }).selectOption('approve')
    expect(await page.evaluate(() => [window.__porticoLedger!.getApp(), window.__porticoLedger!.getMode(), window.__porticoLedger!.activity().map((a) => a.outcome)])).toEqual(['Solana', 'approve', ['approved', 'rejected']])
    expect(await panel.getByRole('status', { name: 'Device screen' }).textContent()).toBe('Locked · Enter your PIN')
    expect(await page.evaluate((p) => window.ledgerHarness.signPersonalMessage(p, 'x'), path)).toBe('error 5515')
    await panel.getByRole('button', { name: 'Hide the Ledger panel' }).click()
    expect(await panel.getByRole('button', { name: 'Approve' }).isVisible()).toBe(false)
    expect(problems).toEqual([])
  })
})
