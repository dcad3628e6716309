import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import esbuild from 'rollup-plugin-esbuild'
import { authFrameEntry, buildAuthFrameFiles } from './scripts/build/authFrame.mjs'
import { cssEntry, jsEntries, root } from './scripts/build/entries.mjs'
import { porticoStylesheet } from './scripts/build/uiStylesheets.mjs'

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

/**
 * Bundles the network logos the presets import from @web3icons/core (a devDependency: its SVG
 * modules are copied into dist, so a site installs nothing more and bundles only the logos of
 * the presets it imports).
 */
function bundleIcons() {
  const require = createRequire(import.meta.url)
  return {
    name: 'bundle-icons',
    resolveId(source) {
      return source.startsWith('@web3icons/core/svgs/') ? require.resolve(source) : null
    },
  }
}

/** Writes dist/styles.css (`portico/styles.css`): the theme and every component's CSS, one file. */
function bundleStyles() {
  return {
    name: 'bundle-styles',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: cssEntry.output, source: porticoStylesheet() })
    },
  }
}

/**
 * Writes dist/auth-frame/frame.js and frame.css: the wallet frame of portico/auth, which the
 * Portico server serves on the wallet origin. Built apart (esbuild, one file, its dependencies
 * bundled) so no site bundle ever contains it.
 */
function bundleAuthFrame() {
  return {
    name: 'bundle-auth-frame',
    async generateBundle() {
      if (!existsSync(join(root, authFrameEntry))) return
      const { script, style } = await buildAuthFrameFiles()
      this.emitFile({ type: 'asset', fileName: 'auth-frame/frame.js', source: script })
      this.emitFile({ type: 'asset', fileName: 'auth-frame/frame.css', source: style })
    },
  }
}

/**
 * Bundles viem, tree-shaken, into the eip155 plugin's lazy chunks (plugins/eip155/lazy/viem*.ts):
 * through viem's package entries (barrels) a site's bundler sees every viem module and keeps a
 * chunk for each `import()` in them (secp256k1, CCIP-read and the ABI coder it calls, WebSocket),
 * about 40 KB gzip no visitor path can load. Bundled here, only the code those paths run is left.
 * The rest of the project (siwx, names, the integrations) imports viem as an external as before.
 */
function bundleLazyViem() {
  const lazyViem = /[\\/]plugins[\\/]eip155[\\/]lazy[\\/]viem\w*\.ts$/
  const kept = externals.filter((name) => name !== 'viem')
  return {
    name: 'bundle-lazy-viem',
    async load(id) {
      if (!lazyViem.test(id)) return null
      const { build } = await import('esbuild')
      const result = await build({
        entryPoints: [id],
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        write: false,
        sourcemap: 'external',
        outdir: dirname(id),
        external: kept.flatMap((name) => [name, `${name}/*`]),
        logLevel: 'warning',
      })
      const code = result.outputFiles.find((f) => f.path.endsWith('.js'))
      const map = result.outputFiles.find((f) => f.path.endsWith('.map'))
      return { code: code.text, map: map?.text }
    },
  }
}

/**
 * Puts `'use client'` first in every entry that reaches React (a module it imports statically,
 * however deep, imports `react` or `react-dom`): a React Server Components framework (the Next.js
 * App Router) then treats what a server component imports from it as client components and hooks.
 * Entries a server may run (`portico`, `portico/kernel`, the errors, `portico/<plugin>/server`)
 * reach no React and stay unmarked. Rollup drops a module's own directives when bundling, so the
 * mark is the chunk's banner.
 */
function markClientEntries() {
  const clientEntries = new Set()
  return {
    name: 'mark-client-entries',
    buildEnd() {
      const reaches = new Map()
      const reachesReact = (id, path = new Set()) => {
        if (reaches.has(id)) return reaches.get(id)
        if (/^react(-dom)?(\/|$)/.test(id)) return true
        const info = this.getModuleInfo(id)
        if (!info || info.isExternal || path.has(id)) return false
        path.add(id)
        const result = info.importedIds.some((imported) => reachesReact(imported, path))
        path.delete(id)
        reaches.set(id, result)
        return result
      }
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry && reachesReact(id)) clientEntries.add(id)
    },
    banner: (chunk) => (chunk.isEntry && chunk.facadeModuleId && clientEntries.has(chunk.facadeModuleId) ? "'use client';" : ''),
  }
}

export default {
  input: Object.fromEntries(jsEntries().map((entry) => [entry.output, join(root, entry.input)])),
  external: isExternal,
  output: {
    dir: join(root, 'dist'),
    format: 'es',
    // Modules from node_modules bundled into dist (the network logos) go under dist/vendor: npm
    // never packs a folder named node_modules.
    entryFileNames: (chunk) => (chunk.name.includes('node_modules/') ? `vendor/${chunk.name.slice(chunk.name.lastIndexOf('node_modules/') + 'node_modules/'.length).replace(/[^\w/.-]/g, '_')}.js` : '[name].js'),
    sourcemap: true,
    // One file per source module (dist/kernel/…, dist/ui/…): a site's bundler then takes exactly
    // the modules it imports. Chunks would merge modules a page never runs (the kernel) into
    // ones it does (the startup handle), and keep their top-level code (issue 27).
    preserveModules: true,
    preserveModulesRoot: root,
  },
  // Pure factories and no top-level effects: let unused exports fall away in the site's bundle.
  treeshake: { moduleSideEffects: (id) => id.endsWith('.css') },
  plugins: [resolveTsSources(), bundleIcons(), bundleLazyViem(), esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: join(root, 'tsconfig.json') }), bundleStyles(), bundleAuthFrame(), markClientEntries()],
}
