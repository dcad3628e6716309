import '../../helpers/eip155Loaded.js'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'portico-wc-bundle-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Every output a file loads through static imports (itself included). */
function staticClosure(metafile: Metafile, start: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of metafile.outputs[file]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(start)
  return seen
}

describe('walletconnect: the sign-client is not in the eager bundle of a site that imports the plugin', () => {
  it('keeps @walletconnect/* in the lazy chunk only (sizes are logged for docs/performance.md)', async () => {
    const entry = join(dir, 'site.ts')
    writeFileSync(
      entry,
      `import { createPorticoKernel } from '${root}kernel/kernel.js'
import { eip155 } from '${root}plugins/eip155/index.js'
import { walletConnect } from '${root}plugins/walletconnect/index.js'
export const make = (networks: never) => createPorticoKernel({ projectId: 'demo', networks, plugins: [eip155(), walletConnect({ relayUrl: 'ws://127.0.0.1:4700/relay' })] })
`,
    )
    const outdir = join(dir, 'out')
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      outdir,
      metafile: true,
      absWorkingDir: root,
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
      logLevel: 'silent',
    })
    const { metafile } = result
    const outputs = Object.keys(metafile.outputs).filter((f) => f.endsWith('.js'))
    const entryOut = outputs.find((f) => metafile.outputs[f]?.entryPoint?.endsWith('site.ts')) as string
    const signClientOut = outputs.find((f) => metafile.outputs[f]?.entryPoint === 'plugins/walletconnect/lazy/signClient.ts') as string
    expect(entryOut).toBeDefined()
    expect(signClientOut).toBeDefined()
    const eager = staticClosure(metafile, entryOut)
    const lazy = [...staticClosure(metafile, signClientOut)].filter((f) => !eager.has(f))
    const inputsOf = (files: Iterable<string>) => [...files].flatMap((f) => Object.keys(metafile.outputs[f]?.inputs ?? {}))
    expect(inputsOf(eager).filter((i) => i.includes('@walletconnect/'))).toEqual([])
    expect(inputsOf(eager).filter((i) => i.includes('plugins/walletconnect/views/'))).toEqual([])
    expect(inputsOf(lazy).some((i) => i.includes('@walletconnect/sign-client'))).toBe(true)
    const size = (files: Iterable<string>) =>
      [...files].reduce(
        (sum, f) => {
          const bytes = readFileSync(join(root, f))
          return { raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes).length }
        },
        { raw: 0, gzip: 0 },
      )
    console.info(`walletconnect bundle (esbuild, minified): eager site ${JSON.stringify(size(eager))}, sign-client lazy chunk ${JSON.stringify(size(lazy))}`)
  }, 60_000)
})
