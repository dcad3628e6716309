import { build } from 'esbuild'
import { join } from 'node:path'
import { porticoFromDist } from './scripts/size/measure.js'
import { scenarios } from './scripts/size/scenarios.js'
const root = process.cwd()
const s = scenarios.find((x) => x.name === 'site: kernel + eip155 + react UI')!
const r = await build({ stdin: { contents: s.code, resolveDir: root, loader: 'js', sourcefile: 'site.js' }, bundle: true, minify: true, splitting: true, format: 'esm', platform: 'browser', target: 'es2022', outdir: join(root, '.portico/size-out'), write: false, metafile: true, external: ['react', 'react-dom', 'react/*', 'react-dom/*'], define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent', plugins: [porticoFromDist, { name: 'se', setup(b) { b.onResolve({ filter: /^\./ }, async (args) => { if (!args.importer.includes('/dist/') || args.pluginData === 1) return undefined; const res = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 1 }); return { path: res.path, sideEffects: false } }) } }] })
const inputs = r.metafile.inputs
const target = process.argv[2] ?? 'mobx'
// BFS over static imports from site.js
const prev = new Map<string, string>()
const queue = ['site.js']
const seen = new Set(queue)
while (queue.length) {
  const cur = queue.shift()!
  for (const imp of inputs[cur]?.imports ?? []) {
    if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue
    seen.add(imp.path); prev.set(imp.path, cur); queue.push(imp.path)
  }
}
const hit = [...seen].find((p) => p.includes(target))
let p = hit; const chain = []
while (p) { chain.unshift(p); p = prev.get(p) }
console.log(chain.join('\n  -> '))
const outs = r.metafile.outputs
const entry = Object.keys(outs).find((n) => outs[n]?.entryPoint === 'site.js')!
const eager = new Set<string>(); const visit = (n: string) => { if (eager.has(n)) return; eager.add(n); for (const i of outs[n]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path) }
visit(entry)
const ins: [string, number][] = []
for (const n of eager) for (const [p, i] of Object.entries(outs[n]!.inputs)) ins.push([p, i.bytesInOutput])
ins.sort((a, b) => b[1] - a[1])
console.log(ins.slice(0, 40).map(([p, b]) => `${b}\t${p}`).join('\n'))
