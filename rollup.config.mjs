import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import esbuild from 'rollup-plugin-esbuild'
import { cssEntry, jsEntries, root } from './scripts/build/entries.mjs'

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// Every dependency and peer stays external: the site's bundler resolves them once.
const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
const isExternal = (id) => externals.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('node:')

/** Resolves `./x.js` imports to the `./x.ts` / `./x.tsx` source, as TypeScript does. */
function resolveTsSources() {
  return {
    name: 'resolve-ts-sources',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !source.endsWith('.js')) return null
      const base = resolve(dirname(importer), source.slice(0, -3))
      for (const extension of ['.ts', '.tsx']) if (existsSync(base + extension)) return base + extension
      return null
    },
  }
}

/** Every stylesheet under ui/: the theme contract first, then each component's, sorted. */
function uiStylesheets() {
  const found = []
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (name.endsWith('.css')) found.push(full)
    }
  }
  walk(join(root, 'ui'))
  const theme = join(root, cssEntry.input)
  return [theme, ...found.filter((file) => file !== theme)]
}

/** Writes dist/styles.css (`portico/styles.css`): the theme and every component's CSS, one file. */
function bundleStyles() {
  return {
    name: 'bundle-styles',
    generateBundle() {
      const source = uiStylesheets()
        .map((file) => `/* ${file.slice(root.length + 1)} */\n${readFileSync(file, 'utf8').trim()}\n`)
        .join('\n')
      this.emitFile({ type: 'asset', fileName: cssEntry.output, source })
    },
  }
}

export default {
  input: Object.fromEntries(jsEntries().map((entry) => [entry.output, join(root, entry.input)])),
  external: isExternal,
  output: {
    dir: join(root, 'dist'),
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
    // Never merge small chunks into others: a merge can make an entry statically import a chunk
    // that was only meant to load lazily (e.g. the eip155 plugin's viem client).
    experimentalMinChunkSize: 0,
  },
  // Pure factories and no top-level effects: let unused exports fall away in the site's bundle.
  treeshake: { moduleSideEffects: (id) => id.endsWith('.css') },
  plugins: [resolveTsSources(), esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: join(root, 'tsconfig.json') }), bundleStyles()],
}
