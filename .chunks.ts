import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { porticoFromDist } from './scripts/size/measure.js'
import { scenarios } from './scripts/size/scenarios.js'
const root = process.cwd()
const s = scenarios.find((x) => x.name === (process.argv[2] ?? 'site: kernel + eip155 + react UI'))!
const r = await build({ stdin: { contents: s.code, resolveDir: root, loader: 'js', sourcefile: 'site.js' }, bundle: true, minify: true, splitting: true, format: 'esm', platform: 'browser', target: 'es2022', outdir: join(root, '.portico/size-out'), write: false, metafile: true, external: ['react', 'react-dom', 'react/*', 'react-dom/*'], define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent', plugins: [porticoFromDist] })
const files = new Map(r.outputFiles.map((f) => [f.path.slice(root.length + 1), f.contents]))
const rows = []
for (const [name, o] of Object.entries(r.metafile.outputs)) {
  if (!name.endsWith('.js')) continue
  const gz = gzipSync(files.get(name)!, { level: 9 }).length
  const ins = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 4).map(([p, i]) => `${p.replace(/.*node_modules\//, '')}:${i.bytesInOutput}`)
  if (/locales\/(?!en)/.test(Object.keys(o.inputs)[0] ?? '')) continue
  rows.push([gz, name, o.imports.filter(i=>i.kind==='import-statement').length, ins.join(' ')])
}
rows.sort((a, b) => (b[0] as number) - (a[0] as number))
let t = 0
for (const row of rows) { t += row[0] as number; console.log(row.join('  ')) }
console.log('total', t)
