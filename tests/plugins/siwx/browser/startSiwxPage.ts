import { createServer } from 'node:http'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildTestPage } from '../../../helpers/buildTestPage.js'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' http://127.0.0.1:*"
const types: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

function stylesheets(): string {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (name.endsWith('.css')) found.push(full)
    }
  }
  walk(join(root, 'ui'))
  walk(join(root, 'plugins/siwx/views'))
  const theme = join(root, 'ui/theme/styles.css')
  return [theme, ...found.filter((f) => f !== theme)].map((f) => readFileSync(f, 'utf8')).join('\n')
}

/**
 * Bundles tests/plugins/siwx/browser/main.tsx with esbuild (views as lazy chunks) and serves it
 * on 127.0.0.1 under a strict CSP, with the UI's and the siwx view's CSS and axe-core.
 */
export async function startSiwxPage(): Promise<{ url: string; close(): Promise<void> }> {
  const built = await buildTestPage({ entry: 'tests/plugins/siwx/browser/main.tsx' })
  const outdir = built.outdir
  const css = stylesheets()
  const axe = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'))
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    res.setHeader('content-security-policy', csp)
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>siwx test</title><link rel="stylesheet" href="/styles.css"><script type="module" src="/main.js"></script></head><body><main><h1>siwx test page</h1><div id="root"></div></main></body></html>')
    }
    if (path === '/styles.css') {
      res.writeHead(200, { 'content-type': types['.css'] })
      return res.end(css)
    }
    if (path === '/axe.min.js') {
      res.writeHead(200, { 'content-type': types['.js'] })
      return res.end(axe)
    }
    if (path === '/main.js' || path.startsWith('/chunks/')) {
      const file = built.read(path)
      res.writeHead(file ? 200 : 404, file ? { 'content-type': file.contentType } : {})
      return res.end(file?.body)
    }
    // Directory, config and analytics calls: nothing to offer.
    res.writeHead(404, { 'content-type': 'application/json' })
    return res.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(outdir, { recursive: true, force: true })
    },
  }
}
