// Builds the `portico-server` package into dist-server/: the server (server/main.ts and all it
// imports from this repository, bundled by esbuild into one ES module with the `portico-server`
// command's shebang), config.schema.json and the example config beside it, its README, and a
// package.json whose dependencies are exactly the packages the bundle imports, at the versions
// this repository pins. `npm pack dist-server` makes the tarball an operator installs.
// The network logos of the image routes (@web3icons/core's SVG modules) are bundled in, as the
// modal's build does, so the package does not depend on the whole icon set.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { root } from './entries.mjs'

export const serverPackageDir = join(root, 'dist-server')

/** The package name of an import path: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(path) {
  const parts = path.split('/')
  return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

export async function buildServerPackage() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const pinned = { ...pkg.devDependencies, ...pkg.dependencies }
  rmSync(serverPackageDir, { recursive: true, force: true })
  mkdirSync(serverPackageDir, { recursive: true })
  const result = await build({
    entryPoints: [join(root, 'server/main.ts')],
    outfile: join(serverPackageDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    banner: { js: '#!/usr/bin/env node' },
    // Every package stays a dependency, but the SVG logo modules, which are bundled.
    plugins: [
      {
        name: 'external-packages',
        setup(context) {
          context.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:') || args.path.startsWith('@web3icons/core/svgs/')) return undefined
            return { path: args.path, external: true }
          })
        },
      },
    ],
    logLevel: 'warning',
  })
  const imported = new Set()
  for (const input of Object.values(result.metafile.inputs)) {
    for (const entry of input.imports) if (entry.external && !entry.path.startsWith('node:')) imported.add(packageOf(entry.path))
  }
  const dependencies = {}
  for (const name of [...imported].sort()) {
    if (!pinned[name]) throw new Error(`serverPackage: the server imports ${name}, which package.json does not pin`)
    dependencies[name] = pinned[name]
  }
  copyFileSync(join(root, 'server/config.schema.json'), join(serverPackageDir, 'config.schema.json'))
  copyFileSync(join(root, 'server/portico.example.json'), join(serverPackageDir, 'portico.example.json'))
  copyFileSync(join(root, 'server/README.md'), join(serverPackageDir, 'README.md'))
  const manifest = {
    name: 'portico-server',
    version: pkg.version,
    description: 'The self-hostable Portico server: wallet directory, blockchain API, JSON-RPC proxy and WalletConnect-compatible relay.',
    license: pkg.license,
    type: 'module',
    engines: pkg.engines,
    bin: { 'portico-server': './main.js' },
    exports: { '.': './main.js', './config.schema.json': './config.schema.json', './package.json': './package.json' },
    files: ['main.js', 'main.js.map', 'config.schema.json', 'portico.example.json', 'README.md'],
    dependencies,
  }
  writeFileSync(join(serverPackageDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerPackage()
