// The docs site (`npm run docs:site`, VitePress over docs/): built once by the npm script, into a
// folder of its own, with the suite's loopback guard loaded into the build (a font, CDN or any other
// request off 127.0.0.1 fails it); served from 127.0.0.1; opened in Chromium, where one search is
// run with the offline index and every internal link of every page is followed (the page it names
// answers, and its anchor is an element of that page). A broken link fails the test by name.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, relative, resolve, sep } from 'node:path'
import { transform } from 'esbuild'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/chromium.js'
import { newLoopbackContext } from '../helpers/newLoopbackContext.js'

const root = join(import.meta.dirname, '../..')

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
}

/**
 * Runs `npm run docs:site` into `outDir` with the suite's loopback guard (tests/setup/loopbackOnly.ts,
 * compiled to `guardFile`) imported first by every Node process and worker of the build; resolves
 * with its output.
 */
async function buildSite(outDir: string, guardFile: string): Promise<{ output: string; seconds: number }> {
  const guard = await transform(readFileSync(join(root, 'tests/setup/loopbackOnly.ts'), 'utf8'), { loader: 'ts', format: 'esm' })
  writeFileSync(guardFile, guard.code)
  const started = Date.now()
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npm', ['run', 'docs:site', '--silent', '--', '--outDir', outDir], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: `--import ${guardFile}`, npm_config_update_notifier: 'false' },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolvePromise({ output, seconds: (Date.now() - started) / 1000 })
      else reject(new Error(`npm run docs:site exited ${code}:\n${output}`))
    })
  })
}

/** The files under `base`, as the paths a browser asks for (`/guides/options.html`). */
function builtPaths(base: string, dir = base, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) builtPaths(base, full, out)
    else out.push(`/${relative(base, full).split(sep).join('/')}`)
  }
  return out
}

/** One path per page: `/x/index.html` is `/x/`. */
const pagePath = (pathname: string) => pathname.replace(/\/index\.html$/, '/')

/** A static server for the built site: `/x/` is `/x/index.html`; anything else absent is a 404. */
function serve(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    let path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
    if (path.endsWith('/')) path += 'index.html'
    const file = resolve(dir, `.${path}`)
    if (!file.startsWith(dir + sep)) return void response.writeHead(403).end()
    try {
      const body = readFileSync(file)
      response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(join(dir, '404.html')))
    }
  })
  return new Promise((resolvePromise) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolvePromise({ origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server })
    }),
  )
}

describe('the docs site (npm run docs:site)', () => {
  let workDir = ''
  let siteDir = ''
  let origin = ''
  let server: Server | undefined
  let browser: Browser | undefined
  let context: BrowserContext
  let blocked: string[] = []
  let build: { output: string; seconds: number }

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'portico-docs-site-'))
    siteDir = join(workDir, 'site')
    build = await buildSite(siteDir, join(workDir, 'loopbackOnly.mjs'))
    console.log(`docs site: built in ${build.seconds.toFixed(1)} s`)
    ;({ origin, server } = await serve(siteDir))
    browser = await launchChromium()
    ;({ context, blocked } = await newLoopbackContext(browser))
    // The build takes about 30 s of CPU (docs/performance.md, "The docs site"); on a two-core machine
    // running the rest of the suite beside it that was 190 s of wall time, too close to the suite's
    // 240 s hook limit.
  }, 600_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()))
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  })

  it('builds every page of docs/, the home page and the offline search index', () => {
    const built = new Set(builtPaths(siteDir))
    const sources = builtPaths(join(root, 'docs')).filter((path) => path.endsWith('.md') && !path.startsWith('/.vitepress/'))
    expect(sources.length).toBeGreaterThan(50)
    expect(sources.filter((path) => !built.has(path.replace(/\.md$/, '.html')))).toEqual([])
    expect([...built].some((path) => /^\/assets\/chunks\/@localSearchIndexroot\.[\w-]+\.js$/.test(path))).toBe(true)
    // Nothing the pages load comes from elsewhere: no font, stylesheet or script on another host.
    const html = [...built].filter((path) => path.endsWith('.html')).map((path) => readFileSync(join(siteDir, path), 'utf8'))
    expect(html.flatMap((text) => [...text.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="(https?:)?\/\/[^"]*"/g)].map((m) => m[0]))).toEqual([])
  })

  it('finds a page with the offline search', async () => {
    const page = await context.newPage()
    await page.goto(`${origin}/`)
    // The search button works once the page has hydrated; it opens the local search box.
    const searchbox = page.getByRole('searchbox')
    await expect
      .poll(async () => {
        if (!(await searchbox.isVisible())) await page.getByRole('button', { name: 'Search' }).click()
        return searchbox.isVisible()
      })
      .toBe(true)
    await searchbox.fill('MissingPeerDependencyError')
    const first = page.getByRole('option').first().getByRole('link')
    await first.waitFor()
    const href = await first.getAttribute('href')
    expect(href).toMatch(/\.html#/)
    await first.click()
    await page.waitForURL((url) => url.pathname === new URL(href ?? '', origin).pathname)
    await expect.poll(() => page.locator('.vp-doc').innerText()).toContain('MissingPeerDependencyError')
    const anchor = decodeURIComponent(new URL(href ?? '', origin).hash.slice(1))
    expect(await page.evaluate((id) => document.getElementById(id) !== null, anchor)).toBe(true)
    await page.close()
    expect(blocked).toEqual([])
  })

  it('follows every internal link of every page: each page answers and each anchor is on it', async () => {
    const page = await context.newPage()
    /** What each path answered: its status and, for a page, its element ids. */
    const visited = new Map<string, { status: number; ids?: Set<string> }>()
    /** Every internal link: the page it is on, the href as written, and where it resolves. */
    const links: Array<{ from: string; href: string; target: URL }> = []
    const queue = ['/']

    // Chromium asks the server for each path and parses what it answers (the page as served: VitePress
    // renders every page on the server, so its links and heading ids are in its HTML).
    await page.goto(`${origin}/`)
    async function visit(path: string): Promise<void> {
      const answer = await page.evaluate(async (url) => {
        const response = await fetch(url)
        if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return { status: response.status }
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html')
        return {
          status: response.status,
          ids: [...doc.querySelectorAll('[id]')].map((element) => element.id),
          hrefs: [...doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
        }
      }, `${origin}${path}`)
      if (!answer.ids) return void visited.set(path, { status: answer.status })
      visited.set(path, { status: answer.status, ids: new Set(answer.ids) })
      for (const href of answer.hrefs ?? []) {
        const target = new URL(href, `${origin}${path}`)
        if (target.origin !== origin) continue
        links.push({ from: path, href, target })
        const next = pagePath(target.pathname)
        if (!visited.has(next) && !queue.includes(next)) queue.push(next)
      }
    }

    while (queue.length) await visit(queue.shift() as string)
    await page.close()

    const broken: string[] = []
    for (const { from, href, target } of links) {
      const answer = visited.get(pagePath(target.pathname))
      if (answer?.status !== 200) {
        broken.push(`on ${from}: ${href} (${target.pathname} answered ${answer?.status})`)
        continue
      }
      const anchor = decodeURIComponent(target.hash.slice(1))
      if (anchor && !answer.ids?.has(anchor)) broken.push(`on ${from}: ${href} (no #${anchor} on ${target.pathname})`)
    }

    const pages = [...visited.entries()].filter(([, answer]) => answer.ids).map(([path]) => path)
    console.log(`docs site: ${pages.length} pages visited, ${links.length} internal links followed (${new Set(links.map((l) => l.target.href)).size} distinct targets)`)
    expect([...new Set(broken)]).toEqual([])
    // Every page the build made was reached from the home page by its links, and nothing else was.
    const builtPages = builtPaths(siteDir).filter((path) => path.endsWith('.html') && path !== '/404.html').map(pagePath)
    expect(builtPages.filter((path) => !visited.has(path))).toEqual([])
    expect(pages.sort()).toEqual(builtPages.sort())
    expect(blocked).toEqual([])
  })
})
