import { createServer } from 'node:http'
import { porticoStylesheet } from '../../scripts/build/uiStylesheets.mjs'
import { buildTestPage } from './buildTestPage.js'

export type TestSite = {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** The paths the browser asked for, in order. */
  served: string[]
  close(): Promise<void>
}

/**
 * A plain site as its owner serves it, on a loopback port of its own: the page built from `entry`
 * with esbuild (lazy chunks stay lazy, buildTestPage), `/` an HTML page that loads it and Portico's
 * stylesheet, with `csp` as its Content-Security-Policy when given.
 *
 * @example
 * const site = await serveTestSite({ entry: 'tests/e2e/safe/site/main.tsx', title: 'My Safe App' })
 * await page.goto(`${site.origin}/?api=…`)
 */
export async function serveTestSite({ entry, title, csp }: { entry: string; title: string; csp?: string }): Promise<TestSite> {
  const built = await buildTestPage({ entry })
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/styles.css"><script type="module" src="/main.js"></script></head><body><div id="root"></div></body></html>`
  const served: string[] = []
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    served.push(path)
    if (path === '/') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(csp ? { 'content-security-policy': csp } : {}) }).end(html)
    if (path === '/styles.css') return void response.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end(porticoStylesheet())
    const file = built.read(path)
    if (!file) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': file.contentType }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
