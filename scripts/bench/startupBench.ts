/**
 * Startup benchmark, in Chromium on loopback (issue 27): an EVM site as a site owner writes it
 * (`createPortico` with `portico/eip155` and the React `ConnectButton` / `NetworkButton`, bundled
 * by esbuild from the built package with code splitting and minification) next to a bare React
 * page that renders one button, both served by a small loopback server with React in a shared
 * vendor script that both pages load first (React is not counted), over HTTP/2 with TLS and gzip
 * as a production server sends them. The sandbox (`npm start`) serves the API, the devnet and the
 * dev wallet. Chromium reaches nothing but 127.0.0.1 (a dead proxy for every other host).
 *
 * Per load, in a fresh browser context (empty cache), median of `runs`:
 * - `jsBytes`: gzip -9 bytes of the site's JS fetched before any interaction (1 s after load);
 * - `cssBytes`: gzip -9 bytes of the CSS the page applies before any interaction: stylesheets it
 *   fetched plus the pieces the code adopted (`document.adoptedStyleSheets`, each sheet's rules
 *   as the browser serializes them, gzipped apart), and `cssSheets`, how many pieces were adopted.
 *   The site links no stylesheet: Portico's styles come with its code (issue 50);
 * - `requests`: requests to the API server before any interaction (the dev wallet's script aside);
 * - `buttonMs`: navigation start to the connect button in the DOM, and the bare page's to its button;
 * - `clickMs`: click to the Connect view's heading on screen, cold (no hover) and warm (the pointer
 *   rests on the button for 300 ms first, as a visitor's does);
 * - returning visitor (connected once, then reloaded): JS fetched before interaction, the account
 *   shown in the button, and whether "Connect Wallet" ever showed meanwhile.
 *
 * Run alone: `npx tsx scripts/bench/startupBench.ts`
 */
import { execFileSync } from 'node:child_process'
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build, type Plugin as EsbuildPlugin } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../../tests/helpers/chromium.js'
import { leavesLoopback } from '../../tests/helpers/newLoopbackContext.js'
import { startSandbox } from '../../tests/helpers/startSandbox.js'
import { installedPortico } from '../size/measure.js'

const root = join(import.meta.dirname, '../..')

export type BenchStartupReturnType = {
  runs: number
  firstTime: { jsBytes: number; jsFiles: number; cssBytes: number; cssSheets: number; requests: number; buttonMs: number; bareButtonMs: number; clickColdMs: number; clickWarmMs: number }
  returning: { jsBytes: number; cssBytes: number; requests: number; accountMs: number; connectFlash: boolean }
}

/** The text of every stylesheet the page adopted, one string per sheet. */
const adoptedCss = () => [...document.adoptedStyleSheets].map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'))

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** React's modules the pages use, each read from a global the vendor script sets (React is not counted). */
const vendorGlobals: Record<string, string> = { react: 'React', 'react-dom': 'ReactDOM', 'react-dom/client': 'ReactDOMClient', 'react/jsx-runtime': 'ReactJSXRuntime' }

/** Resolves React's modules (imported or required, by the site or its dependencies) to the vendor globals. */
const reactFromVendor: EsbuildPlugin = {
  name: 'react-from-vendor',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/client|\/jsx-runtime)?$/ }, (args) => (vendorGlobals[args.path] ? { path: args.path, namespace: 'vendor' } : undefined))
    b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({ contents: `module.exports = window.${vendorGlobals[args.path]}`, loader: 'js' }))
  },
}

/**
 * Builds the bench's pages from dist/ (tests/e2e/startup uses them too): the EVM site, the bare
 * React page and the React vendor script; returns their folder and the site entry's static chunks
 * (what the site's HTML preloads).
 *
 * @example
 * const { out, preload } = await buildStartupPages('http://127.0.0.1:4700')
 */
export async function buildStartupPages(sandboxUrl: string): Promise<{ out: string; preload: string[] }> {
  const out = mkdtempSync(join(tmpdir(), 'portico-startup-bench-'))
  const common = { bundle: true, minify: true, platform: 'browser', target: 'es2022', define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent' } as const
  const site = `import { createPortico } from 'portico'
import { eip155, defineNetwork } from 'portico/eip155'
import { PorticoProvider, ConnectButton, NetworkButton } from 'portico/react'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
const origin = ${JSON.stringify(sandboxUrl)}
const devnet = defineNetwork({ id: 31337, name: 'Portico Devnet A', rpcUrls: [origin + '/v1/?chainId=eip155:31337&projectId=demo'] })
const portico = createPortico({ projectId: 'demo', networks: [devnet], plugins: [eip155()], endpoints: { api: origin, relay: origin.replace(/^http/, 'ws') + '/relay' } })
createRoot(document.getElementById('app')).render(createElement(PorticoProvider, { portico }, createElement(ConnectButton), createElement(NetworkButton)))`
  const bare = `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
createRoot(document.getElementById('app')).render(createElement('button', { type: 'button', className: 'bare' }, 'Connect Wallet'))`
  const vendor = `import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import * as ReactJSXRuntime from 'react/jsx-runtime'
Object.assign(window, { React, ReactDOM, ReactDOMClient, ReactJSXRuntime })`
  const { resolveDir, ...installed } = installedPortico()
  const built = await build({ ...common, ...installed, metafile: true, format: 'esm', splitting: true, stdin: { contents: site, resolveDir, loader: 'js', sourcefile: 'site.js' }, outdir: join(out, 'site'), entryNames: 'main', chunkNames: 'chunks/[name]-[hash]', plugins: [reactFromVendor] })
  // The entry's static imports, all the way down: a production build's HTML preloads them
  // (<link rel="modulepreload">, as Vite writes it), so they load beside the entry, not after it.
  const outputs = built.metafile.outputs
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint?.endsWith('site.js')) as string
  const preload = new Set<string>()
  const visit = (name: string) => {
    for (const imported of outputs[name]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || imported.external || preload.has(imported.path)) continue
      preload.add(imported.path)
      visit(imported.path)
    }
  }
  visit(entry)
  await build({ ...common, format: 'esm', splitting: true, stdin: { contents: bare, resolveDir: root, loader: 'js', sourcefile: 'bare.js' }, outdir: join(out, 'bare'), entryNames: 'main', plugins: [reactFromVendor] })
  await build({ ...common, format: 'iife', stdin: { contents: vendor, resolveDir: root, loader: 'js', sourcefile: 'vendor.js' }, outfile: join(out, 'vendor.js') })
  return { out, preload: [...preload].map((path) => `/site/${relative(join(out, 'site'), join(installed.absWorkingDir, path))}`) }
}

/** A bench page: the React vendor script, `extraHead`, then the page's module script. */
export const startupPageHtml = (script: string, extraHead = '') => `<!doctype html><html><head><meta charset="utf-8"><title>Startup bench</title>
<script src="/vendor.js"></script>${extraHead}<script type="module" src="${script}"></script></head><body><div id="app"></div></body></html>`

/** Records when the watched button first appears and every text it shows, from navigation start. */
const watchButton = `(() => {
  const seen = { at: undefined, accountAt: undefined, texts: [] }
  window.__bench = seen
  new MutationObserver(() => {
    const button = document.querySelector('button.portico-page-button--connect, button.bare')
    if (!button) return
    if (seen.at === undefined) seen.at = performance.now()
    const text = button.textContent || ''
    if (seen.texts[seen.texts.length - 1] !== text) seen.texts.push(text)
    if (seen.accountAt === undefined && /0x[0-9a-fA-F]{4}…/.test(text)) seen.accountAt = performance.now()
  }).observe(document, { subtree: true, childList: true, characterData: true })
})()`

/** Clicks the connect button from inside the page and resolves when the Connect view's heading is on screen. */
function timeClickToConnect(target: Page): Promise<number> {
  return target.evaluate(async () => {
    const button = document.querySelector('button.portico-page-button--connect') as HTMLButtonElement
    const start = performance.now()
    button.click()
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const heading = document.querySelector('[role="dialog"] h2')
      if (heading?.textContent === 'Connect Wallet' && document.querySelector('[role="dialog"][data-view="Connect"] button')) return performance.now() - start
      if (performance.now() - start > 20_000) throw new Error('The Connect view did not show')
    }
  })
}

/**
 * @param runs loads per measurement (default 10)
 * @example
 * const figures = await benchStartup({ runs: 10 })
 */
export async function benchStartup({ runs = 10 }: { runs?: number } = {}): Promise<BenchStartupReturnType> {
  const sandbox = await startSandbox({ reuseFromEnv: true })
  let browser: Browser | undefined
  const served: { path: string; at: number }[] = []
  const compressed = new Map<string, Buffer>()
  const offLoopback: string[] = []
  // Served over HTTP/2 with TLS, as a site is in production (a self-signed certificate for
  // 127.0.0.1 the browser is told to accept): over HTTP/1.1 the browser's six connections per
  // host would queue a code-split page's chunks, which no production site suffers.
  const certDir = mkdtempSync(join(tmpdir(), 'portico-startup-cert-'))
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem'), '-subj', '/CN=127.0.0.1', '-days', '1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
  } catch (cause) {
    throw new Error('The startup bench needs `openssl` for its loopback certificate (apt install openssl)', { cause })
  }
  const server = createSecureServer({ key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')), allowHTTP1: true })
  try {
    const { out, preload } = await buildStartupPages(sandbox.url)
    server.on('request', (request: Http2ServerRequest, response: Http2ServerResponse) => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
      served.push({ path, at: Date.now() })
      // Both pages are the same but for their script: no stylesheet (Portico's styles come with its code), React from the same vendor file.
      const modulepreload = preload.map((href) => `<link rel="modulepreload" href="${href}">`).join('')
      const html: Record<string, string> = { '/site.html': startupPageHtml('/site/main.js', modulepreload), '/bare.html': startupPageHtml('/bare/main.js') }
      if (html[path]) return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html[path])
      const file = path === '/styles.css' ? join(root, 'dist/styles.css') : join(out, path.replace(/\.\./g, ''))
      try {
        // Compressed, as a production server sends scripts and styles (once per file, ahead of time).
        const body = readFileSync(file)
        const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
        if (gzip && !compressed.has(file)) compressed.set(file, gzipSync(body, { level: 9 }))
        response
          .writeHead(200, { 'content-type': extname(file) === '.css' ? 'text/css' : 'text/javascript; charset=utf-8', 'cache-control': 'no-store', ...(gzip ? { 'content-encoding': 'gzip' } : {}) })
          .end(gzip ? (compressed.get(file) as Buffer) : body)
      } catch {
        response.writeHead(404).end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const base = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const gz = new Map<string, number>()
    const gzipOf = (path: string) => {
      if (!gz.has(path)) gz.set(path, gzipSync(readFileSync(path === '/styles.css' ? join(root, 'dist/styles.css') : join(out, path)), { level: 9 }).length)
      return gz.get(path) as number
    }
    /** The CSS a page applies: the stylesheets it fetched and the sheets it adopted, gzip -9 bytes each. */
    const cssOf = async (target: Page, from: number) => {
      const fetched = served.slice(from).filter((s) => s.path.endsWith('.css'))
      const adopted = await target.evaluate(adoptedCss)
      return { cssBytes: fetched.reduce((sum, s) => sum + gzipOf(s.path), 0) + adopted.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0), cssSheets: adopted.length }
    }
    // Nothing may leave 127.0.0.1, but not through Playwright's request interception
    // (newLoopbackContext): it pauses every request for a round trip to this process, which costs a
    // page of 13 requests about 70 ms more than a page of 4 on this machine, a cost no visitor pays.
    // Chromium sends every non-loopback request to a proxy that is not there (loopback bypasses
    // proxies), and the bench fails if a page tried one.
    browser = await launchChromium(['--proxy-server=http://127.0.0.1:9'])
    // The dev wallet arrives as a browser extension's content script does: before the page's own
    // scripts, in every page, without holding the page's parser up.
    const devWallet = await (await fetch(`${sandbox.url}/dev-wallet.js`)).text()

    /** Opens a page in a fresh context; returns it with what it fetched and asked before any interaction. */
    const load = async (url: string) => {
      const context = await (browser as Browser).newContext({ viewport: { width: 1280, height: 800 }, ignoreHTTPSErrors: true })
      context.on('request', (r) => {
        if (leavesLoopback(new URL(r.url()))) offLoopback.push(r.url())
      })
      await context.addInitScript({ content: watchButton })
      await context.addInitScript({ content: devWallet })
      const apiRequests: string[] = []
      context.on('request', (r) => {
        const u = new URL(r.url())
        if (u.origin === sandbox.url && u.pathname !== '/dev-wallet.js') apiRequests.push(u.pathname)
      })
      const target = await context.newPage()
      const from = served.length
      target.on('pageerror', (error) => console.error(`page error on ${url}: ${error.message}`))
      await target.goto(url)
      await target.waitForFunction(() => (window as unknown as { __bench: { at?: number } }).__bench.at !== undefined)
      await target.waitForTimeout(1_000)
      const js = served.slice(from).filter((s) => s.path.startsWith('/site/') && s.path.endsWith('.js'))
      return { context, target, jsBytes: js.reduce((sum, s) => sum + gzipOf(s.path), 0), jsFiles: js.length, ...(await cssOf(target, from)), requests: apiRequests.length, buttonMs: await target.evaluate(() => (window as unknown as { __bench: { at: number } }).__bench.at) }
    }

    const first = { jsBytes: [] as number[], jsFiles: [] as number[], cssBytes: [] as number[], cssSheets: [] as number[], requests: [] as number[], buttonMs: [] as number[], bareButtonMs: [] as number[], clickColdMs: [] as number[], clickWarmMs: [] as number[] }
    for (let i = 0; i < runs; i++) {
      const bare = await load(`${base}/bare.html`)
      first.bareButtonMs.push(bare.buttonMs)
      await bare.context.close()
      const cold = await load(`${base}/site.html`)
      first.jsBytes.push(cold.jsBytes)
      first.jsFiles.push(cold.jsFiles)
      first.cssBytes.push(cold.cssBytes)
      first.cssSheets.push(cold.cssSheets)
      first.requests.push(cold.requests)
      first.buttonMs.push(cold.buttonMs)
      first.clickColdMs.push(await timeClickToConnect(cold.target))
      await cold.context.close()
      const warm = await load(`${base}/site.html`)
      await warm.target.hover('button.portico-page-button--connect')
      await warm.target.waitForTimeout(300)
      first.clickWarmMs.push(await timeClickToConnect(warm.target))
      await warm.context.close()
    }

    const returning = { jsBytes: [] as number[], cssBytes: [] as number[], requests: [] as number[], accountMs: [] as number[], connectFlash: false }
    for (let i = 0; i < runs; i++) {
      const visit = await load(`${base}/site.html`)
      await visit.target.click('button.portico-page-button--connect')
      await visit.target.getByRole('dialog').getByRole('button', { name: 'Portico Dev Wallet', exact: true }).click()
      await visit.target.waitForFunction(() => /0x[0-9a-fA-F]{4}…/.test(document.querySelector('button.portico-page-button--connect')?.textContent ?? ''))
      const from = served.length
      await visit.target.reload()
      await visit.target.waitForFunction(() => (window as unknown as { __bench: { accountAt?: number } }).__bench.accountAt !== undefined, undefined, { timeout: 20_000 })
      await visit.target.waitForTimeout(1_000)
      const seen = await visit.target.evaluate(() => (window as unknown as { __bench: { accountAt: number; texts: string[] } }).__bench)
      const js = served.slice(from).filter((s) => s.path.startsWith('/site/') && s.path.endsWith('.js'))
      returning.jsBytes.push(js.reduce((sum, s) => sum + gzipOf(s.path), 0))
      returning.cssBytes.push((await cssOf(visit.target, from)).cssBytes)
      const resources = await visit.target.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))
      returning.requests.push(resources.filter((name) => name.startsWith(sandbox.url) && !name.endsWith('/dev-wallet.js')).length)
      returning.accountMs.push(seen.accountAt)
      if (seen.texts.some((t) => t.includes('Connect Wallet'))) returning.connectFlash = true
      await visit.context.close()
    }

    if (offLoopback.length) throw new Error(`The bench's pages tried to leave 127.0.0.1: ${offLoopback.join(', ')}`)
    return {
      runs,
      firstTime: {
        jsBytes: median(first.jsBytes),
        jsFiles: median(first.jsFiles),
        cssBytes: median(first.cssBytes),
        cssSheets: median(first.cssSheets),
        requests: median(first.requests),
        buttonMs: Math.round(median(first.buttonMs)),
        bareButtonMs: Math.round(median(first.bareButtonMs)),
        clickColdMs: Math.round(median(first.clickColdMs)),
        clickWarmMs: Math.round(median(first.clickWarmMs)),
      },
      returning: { jsBytes: median(returning.jsBytes), cssBytes: median(returning.cssBytes), requests: median(returning.requests), accountMs: Math.round(median(returning.accountMs)), connectFlash: returning.connectFlash },
    }
  } finally {
    await browser?.close()
    server.close()
    await sandbox.stop()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchStartup({ runs: Number(process.env.RUNS ?? 10) }), null, 2))
}
