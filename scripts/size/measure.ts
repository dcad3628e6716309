import { gzipSync } from 'node:zlib'
import { decode } from '@jridgewell/sourcemap-codec'
import { build, type Metafile } from 'esbuild'
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '../..')

/**
 * Where a measured site lives: `portico` is installed in its node_modules, as a link to this
 * checkout (outside it, so no tool walking the checkout meets the link).
 */
const siteDir = join(tmpdir(), `portico-size-site-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`)
const installedPrefix = 'node_modules/portico/'

/**
 * The esbuild options that make `portico` and `portico/<subpath>` resolve as a site's bundler
 * resolves the installed package: through its exports map to dist/, with its `sideEffects`
 * field applied (a bundler applies it only to a package in node_modules, so a module a site does
 * not import falls away as it would on a real site).
 *
 * @example
 * await build({ ...installedPortico(), stdin: { contents: code, loader: 'js' }, bundle: true })
 */
export function installedPortico(): { absWorkingDir: string; preserveSymlinks: true; resolveDir: string } {
  const link = join(siteDir, 'node_modules/portico')
  let linked = false
  try {
    linked = lstatSync(link).isSymbolicLink()
  } catch {
    // not linked yet
  }
  if (!linked) {
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(root, link, 'dir')
  }
  return { absWorkingDir: siteDir, preserveSymlinks: true, resolveDir: siteDir }
}

/** A path esbuild reported (relative to the site) as the project's own (`dist/index.js`, `node_modules/mobx/…`). */
function projectPath(path: string): string {
  return path.startsWith(installedPrefix) ? path.slice(installedPrefix.length) : path
}

export type Measurement = {
  eagerBytes: number
  /** Everything that may load, but the other languages' strings (see {@link Measurement.localeBytes}). */
  totalBytes: number
  /** The lazy chunks of every built-in locale's strings together (a visitor loads one language's). */
  localeBytes: number
  /** Locale strings in the eager bundle: must be 0 (English is built in, every other language is lazy). */
  eagerLocaleBytes: number
  eagerRaw: number
  chunks: number
  /** Where the eager bytes go: each package or project folder's estimated gzip share, largest first. */
  eagerShares: { source: string; bytes: number }[]
  /** Where all the bytes go (every chunk but other languages' strings), grouped the same way. */
  totalShares: { source: string; bytes: number }[]
  /**
   * The stylesheet pieces the eager chunks carry (issue 50: the CSS comes with the code, as strings
   * a component adopts): each piece's name and the gzip -9 bytes of its CSS on its own, as if it
   * were a .css file.
   */
  eagerCss: { name: string; bytes: number }[]
  /** The pieces every chunk carries, the same way. */
  totalCss: { name: string; bytes: number }[]
  /** The estimated share of the eager bytes that is the pieces' modules (the CSS inside the JS). */
  eagerCssShare: number
}

/** A built stylesheet piece's module (scripts/build/syncStylesheets.mjs). */
const stylesheetModule = /(^|\/)dist\/(ui\/theme\/(buttons|modal)Stylesheet|plugins\/[^/]+\/views\/viewsStylesheet)\.js$/

/**
 * The piece a built module exports, `{ name, css }`.
 *
 * @param file - the built module's path
 */
async function stylesheetOf(file: string): Promise<{ name: string; css: string }> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, { name: string; css: string }>
  const [piece] = Object.values(module)
  if (!piece || typeof piece.css !== 'string') throw new Error(`${file} exports no stylesheet piece`)
  return piece
}

/** A locale's strings (`ui/locales/ar.ts`, `plugins/swap/locales/pt-BR.ts`), not English nor an index. */
const localeModule = /(^|\/)locales\/(?!en\.|index\.|supported\.)[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\.(ts|js)$/

/** A module path's group: its npm package (`mobx`, `@noble/curves`), else its project folder (`kernel/stores`). */
export function sourceOf(path: string): string {
  const modules = path.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const parts = path.slice(modules + 'node_modules/'.length).split('/')
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path)
  }
  const parts = path.split('/')
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path)
}

const originsCache = new Map<string, Map<string, number>>()

/**
 * What a built file is made of, from its source map: each original module (project-relative, or
 * its node_modules path) with its share of the file's generated characters (shares sum to 1).
 * A file without a map is its own origin.
 */
function originsOf(file: string): Map<string, number> {
  const cached = originsCache.get(file)
  if (cached) return cached
  const origins = new Map<string, number>()
  const mapFile = `${file}.map`
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string }
    const lines = readFileSync(file, 'utf8').split('\n')
    const sources = map.sources.map((source) => projectPath(relative(siteDir, join(dirname(file), source))))
    let total = 0
    decode(map.mappings).forEach((segments, line) => {
      const length = lines[line]?.length ?? 0
      segments.forEach((segment, i) => {
        const end = segments[i + 1]?.[0] ?? length
        const chars = Math.max(0, end - segment[0])
        total += chars
        if (segment.length >= 4) origins.set(sources[segment[1] as number] as string, (origins.get(sources[segment[1] as number] as string) ?? 0) + chars)
      })
    })
    for (const [source, chars] of origins) origins.set(source, total ? chars / total : 0)
  }
  if (origins.size === 0) origins.set(projectPath(relative(siteDir, file)), 1)
  originsCache.set(file, origins)
  return origins
}

export type SiteBuild = {
  /** esbuild's metafile outputs, by path relative to the site (`out/site.js`, `out/chunk-….js`). */
  outputs: Metafile['outputs']
  /** Each output's bytes, by the same path. */
  files: Map<string, Uint8Array>
  /** The outputs that load with the page: the site's entry and what it imports statically, transitively. */
  eager: Set<string>
}

/**
 * Bundles site code as its bundler would (esbuild: minified, ESM, code splitting, browser; react
 * and react-dom external), `portico` resolved as the installed package, and tells which outputs
 * load with the page.
 *
 * @param code - the site's module, importing `portico` and `portico/<subpath>`
 * @example
 * const { eager, files } = await buildSite(`import { solana } from 'portico/solana'; export const s = solana()`)
 */
export async function buildSite(code: string): Promise<SiteBuild> {
  const { resolveDir, ...installed } = installedPortico()
  const result = await build({
    ...installed,
    stdin: { contents: code, resolveDir, loader: 'js', sourcefile: 'site.js' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: join(siteDir, 'out'),
    write: false,
    metafile: true,
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // Node's `https`, which @ledgerhq/live-network (under the Sui Ledger app's library) asks for when it
    // loads, and Node's `stream` (cipher-base, under @ledgerhq/hw-app-btc's bs58check@2): aliased as
    // docs/guides/hardware-wallets.md tells a site to (`stream` measured with readable-stream).
    alias: { https: join(root, 'sandbox/build/httpsShim.ts'), stream: join(root, 'node_modules/readable-stream/readable-browser.js') },
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const files = new Map(result.outputFiles.map((f) => [relative(siteDir, f.path), f.contents]))
  // The site's own entry; modules loaded with import() are entry points in the metafile too.
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint?.endsWith('site.js')) as string
  const eager = new Set<string>()
  const visit = (name: string) => {
    if (eager.has(name)) return
    eager.add(name)
    for (const imported of outputs[name]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  return { outputs, files, eager }
}

/**
 * Bundles site code with esbuild ({@link buildSite}) and returns the gzipped
 * size of what loads eagerly and of everything including lazy chunks.
 *
 * @param group - how {@link Measurement.totalShares} groups modules (default: package or project folder)
 */
export async function measure(code: string, group: (path: string) => string = sourceOf): Promise<Measurement> {
  const { outputs, files, eager } = await buildSite(code)
  const gz = (name: string) => gzipSync(files.get(name) ?? new Uint8Array(), { level: 9 }).length
  const js = Object.keys(outputs).filter((name) => name.endsWith('.js'))
  // A chunk's gzipped bytes shared among its modules by their minified bytes (gzip works on the whole
  // chunk, so a module's own share is an estimate).
  const sharesOf = (names: Iterable<string>, group: (path: string) => string = sourceOf) => {
    const shares = new Map<string, number>()
    for (const name of names) {
      const output = outputs[name]
      if (!output || output.bytes === 0) continue
      const ratio = gz(name) / output.bytes
      for (const [path, input] of Object.entries(output.inputs)) {
        // Built files (dist/…) are traced back to their modules through their source maps.
        for (const [origin, part] of originsOf(join(siteDir, path))) shares.set(group(origin), (shares.get(group(origin)) ?? 0) + input.bytesInOutput * part * ratio)
      }
    }
    return [...shares.entries()].map(([source, bytes]) => ({ source, bytes: Math.round(bytes) })).sort((a, b) => b.bytes - a.bytes)
  }
  const isLocaleChunk = (name: string) => {
    const inputs = Object.keys(outputs[name]?.inputs ?? {})
    if (inputs.length === 0) return false
    return inputs.every((path) => [...originsOf(join(siteDir, path)).keys()].every((origin) => localeModule.test(origin)))
  }
  const locales = js.filter(isLocaleChunk)
  /** The stylesheet pieces in these chunks, each once, with their standalone gzip bytes, and their modules' share of the chunks' gzip bytes. */
  const cssOf = async (names: Iterable<string>) => {
    const pieces = new Map<string, number>()
    let share = 0
    for (const name of names) {
      const output = outputs[name]
      if (!output || output.bytes === 0) continue
      const ratio = gz(name) / output.bytes
      for (const [path, input] of Object.entries(output.inputs)) {
        if (!stylesheetModule.test(projectPath(path))) continue
        const piece = await stylesheetOf(join(siteDir, path))
        pieces.set(piece.name, gzipSync(piece.css, { level: 9 }).length)
        share += input.bytesInOutput * ratio
      }
    }
    return { pieces: [...pieces].map(([name, bytes]) => ({ name, bytes })), share: Math.round(share) }
  }
  const eagerCss = await cssOf(eager)
  return {
    eagerCss: eagerCss.pieces,
    eagerCssShare: eagerCss.share,
    totalCss: (await cssOf(js)).pieces,
    localeBytes: locales.reduce((sum, name) => sum + gz(name), 0),
    eagerLocaleBytes: [...eager].filter(isLocaleChunk).reduce((sum, name) => sum + gz(name), 0),
    eagerShares: sharesOf(eager),
    totalShares: sharesOf(js.filter((name) => !isLocaleChunk(name)), group),
    eagerBytes: [...eager].reduce((sum, name) => sum + gz(name), 0),
    totalBytes: js.filter((name) => !isLocaleChunk(name)).reduce((sum, name) => sum + gz(name), 0),
    eagerRaw: [...eager].reduce((sum, name) => sum + (files.get(name)?.length ?? 0), 0),
    chunks: js.length,
  }
}

/** Every exported name of an entry, imported as a site would to pay for all of it. */
export function wholeEntryCode(subpath: string): string {
  const specifier = subpath === '.' ? 'portico' : `portico/${subpath.slice(2)}`
  return `export * from '${specifier}'`
}
