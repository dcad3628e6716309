import { createServer } from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

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
  const outdir = mkdtempSync(join(tmpdir(), 'portico-siwx-page-'))
  await build({
    entryPoints: [join(root, 'tests/plugins/siwx/browser/main.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir,
    entryNames: 'main',
    chunkNames: 'chunks/[name]-[hash]',
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
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
      try {
        const file = readFileSync(join(outdir, path.replace(/^\/+/, '').replace(/\.\./g, '')))
        res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
        return res.end(file)
      } catch {
        res.writeHead(404)
        return res.end()
      }
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
