import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const checkout = fileURLToPath(new URL('../..', import.meta.url))

/** Top-level folders no browser bundle is built from (or that hold build output and caches). */
const notSources = new Set(['node_modules', 'dist', 'tests', 'docs', '.git', '.portico', '.ci', 'coverage', 'tmp'])

/**
 * What the checkout's sources look like now: a hash of every source file's path, size and
 * modification time (outside {@link notSources}), of `package-lock.json` and of what npm last
 * installed (`node_modules/.package-lock.json`). Any edit, checkout or install changes it.
 */
async function sourcesFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256')
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(join(root, dir), { withFileTypes: true })
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name
      if (!dir && notSources.has(entry.name)) continue
      if (entry.isDirectory()) await walk(path)
      else if (entry.isFile()) {
        const info = await stat(join(root, path))
        hash.update(`${path}\0${info.size}\0${info.mtimeMs}\n`)
      }
    }
  }
  await walk('')
  for (const file of ['node_modules/.package-lock.json']) {
    const info = await stat(join(root, file)).catch(() => undefined)
    hash.update(`${file}\0${info?.size ?? '-'}\0${info?.mtimeMs ?? '-'}\n`)
  }
  hash.update(`node ${process.version}`)
  return hash.digest('hex')
}

/**
 * Runs a build once per state of the sources: the result is kept in `.portico/cache/<name>.json`
 * with the sources' fingerprint, and the next call returns it while no source file, lockfile or
 * installed package changed (a test suite starts a dozen sandboxes; each would otherwise bundle the
 * same 7 MB of browser code again). The result must be plain JSON. A cache file that cannot be read
 * or parsed is ignored and rebuilt; writes are atomic (a temporary file renamed), so sandboxes
 * starting side by side never read half a file.
 *
 * @param name - the cache file's name
 * @param build - what to run when the sources changed
 * @param options - `root`: the checkout whose sources count (default: this one)
 * @example
 * const assets = await cachedBuild('sandbox-assets', () => buildEverything())
 */
export async function cachedBuild<T>(name: string, build: () => Promise<T>, { root = checkout }: { root?: string } = {}): Promise<T> {
  const cacheDir = join(root, '.portico/cache')
  const file = join(cacheDir, `${name}.json`)
  const fingerprint = await sourcesFingerprint(root)
  try {
    const cached = JSON.parse(await readFile(file, 'utf8')) as { fingerprint?: unknown; value?: T }
    if (cached.fingerprint === fingerprint && cached.value !== undefined) return cached.value
  } catch {
    // no cache yet, or one that is not ours: build
  }
  const value = await build()
  await mkdir(cacheDir, { recursive: true })
  // Unique per write: two builds of one process can finish in the same millisecond.
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`
  await writeFile(temporary, JSON.stringify({ fingerprint, value }))
  await rename(temporary, file)
  return value
}
