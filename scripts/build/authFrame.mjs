// The wallet frame of portico/auth (docs/guides/embedded-wallet.md §1): one browser script and one
// stylesheet the Portico server serves on the wallet origin (/auth/v1/frame.js, /auth/v1/frame.css).
// It is never part of a site's bundle. rollup.config.mjs writes it to dist/auth-frame/; the
// sandbox builds it in memory (sandbox/build/buildAuthFrame.ts).
import { readFile } from 'node:fs/promises'
import { build, transform } from 'esbuild'
import { root } from './entries.mjs'

/** The frame's entry and stylesheet, relative to the repository root. */
export const authFrameEntry = 'plugins/auth/frame/main.ts'
export const authFrameStylesheet = 'plugins/auth/frame/frame.css'

/**
 * Builds the frame: one minified ES module (es2022, bundled, no eval, so it runs under the frame
 * page's strict CSP) and its minified stylesheet.
 *
 * @returns {Promise<{ script: string, style: string }>}
 */
export async function buildAuthFrameFiles() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [authFrameEntry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    outfile: 'frame.js',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const script = result.outputFiles.find((file) => file.path.endsWith('frame.js'))?.text
  if (!script) throw new Error('buildAuthFrameFiles: esbuild produced no frame.js')
  if (/\beval\s*\(|new Function\s*\(/.test(script)) throw new Error('buildAuthFrameFiles: the frame would need eval, which its CSP forbids')
  const css = await readFile(new URL(authFrameStylesheet, `file://${root.endsWith('/') ? root : `${root}/`}`), 'utf8')
  const style = (await transform(css, { loader: 'css', minify: true, target: 'chrome111' })).code
  return { script, style }
}
