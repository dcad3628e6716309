// The package's entry points, derived from the folders: `.`, `./kernel` and `./errors` (kernel),
// `./chain-kit` (chain-kit/: the chain plugins' shared parts),
// `./react` and `./react/kit` (ui), `./<plugin>` for every folder under plugins/ (with
// `./<plugin>/errors` where it has an errors.ts, `./<plugin>/utils` where it has a utils/index.ts,
// `./<plugin>/mobile` where it has a mobile/index.ts and `./<plugin>/server` where it has a server/
// half), `./<bridge>` for every folder under integrations/, `./testing`, and `./styles.css`.
// rollup.config.mjs, the exports map check and the size report all read this one list.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

export const root = new URL('../..', import.meta.url).pathname

/** @returns {{ subpath: string, input: string, output: string }[]} */
export function jsEntries() {
  const entries = [
    // What a page needs to start (light), and the whole kernel, which loads with `createPortico(…).load()`.
    { subpath: '.', input: 'kernel/index.ts', output: 'index' },
    { subpath: './kernel', input: 'kernel/kernel.ts', output: 'kernel' },
    // Every kernel error class, apart so that a page that never catches one never loads one.
    { subpath: './errors', input: 'kernel/errors/index.ts', output: 'errors' },
    // What chain plugins are built from beyond the kernel: network definer, JSON API caller, Wallet Standard, meta parts.
    { subpath: './chain-kit', input: 'chain-kit/index.ts', output: 'chain-kit' },
    // The provider and page buttons (light), and the building blocks of the views, which load with the modal.
    { subpath: './react', input: 'ui/index.ts', output: 'react' },
    { subpath: './react/kit', input: 'ui/kit.ts', output: 'react-kit' },
    // Custom elements for pages without React; loads React itself, apart from `./react`.
    { subpath: './elements', input: 'ui/elements/index.ts', output: 'elements' },
  ]
  const pluginsDir = join(root, 'plugins')
  const plugins = existsSync(pluginsDir)
    ? readdirSync(pluginsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(pluginsDir, d.name, 'index.ts')))
        .map((d) => d.name)
        .sort()
    : []
  for (const name of plugins) {
    entries.push({ subpath: `./${name}`, input: `plugins/${name}/index.ts`, output: name })
    // A plugin's error classes (`portico/<plugin>/errors`), apart from the plugin's entry for the
    // same reason as `./errors`: its lazily loaded code throws them, and a page catches few.
    if (existsSync(join(pluginsDir, name, 'errors.ts'))) {
      entries.push({ subpath: `./${name}/errors`, input: `plugins/${name}/errors.ts`, output: `${name}-errors` })
    }
    // A plugin's helpers for a site's own code (`portico/<plugin>/utils`), apart for the same reason.
    if (existsSync(join(pluginsDir, name, 'utils', 'index.ts'))) {
      entries.push({ subpath: `./${name}/utils`, input: `plugins/${name}/utils/index.ts`, output: `${name}-utils` })
    }
    // A plugin's opt-in mobile part (`portico/solana/mobile`: the Mobile Wallet Adapter), apart so
    // that a site that does not import it has none of its code in its build, not even lazily.
    if (existsSync(join(pluginsDir, name, 'mobile', 'index.ts'))) {
      entries.push({ subpath: `./${name}/mobile`, input: `plugins/${name}/mobile/index.ts`, output: `${name}-mobile` })
    }
    // A plugin's Node-side half (e.g. `portico/siwx/server` for the site's backend).
    if (existsSync(join(pluginsDir, name, 'server', 'index.ts'))) {
      entries.push({ subpath: `./${name}/server`, input: `plugins/${name}/server/index.ts`, output: `${name}-server` })
    }
  }
  // Bridges to other libraries (`portico/wagmi`): one folder each under integrations/.
  const integrationsDir = join(root, 'integrations')
  const integrations = existsSync(integrationsDir)
    ? readdirSync(integrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(join(integrationsDir, d.name, 'index.ts')))
        .map((d) => d.name)
        .sort()
    : []
  for (const name of integrations) entries.push({ subpath: `./${name}`, input: `integrations/${name}/index.ts`, output: name })
  entries.push({ subpath: './testing', input: 'tests/conformance/index.ts', output: 'testing' })
  return entries
}

export const cssEntry = { subpath: './styles.css', input: 'ui/theme/styles.css', output: 'styles.css' }

/** The `exports` map package.json must carry. */
export function exportsMap() {
  const map = {}
  for (const entry of jsEntries()) {
    map[entry.subpath] = {
      types: `./dist/types/${entry.input.replace(/\.tsx?$/, '.d.ts')}`,
      import: `./dist/${entry.output}.js`,
    }
  }
  map[cssEntry.subpath] = `./dist/${cssEntry.output}`
  map['./package.json'] = './package.json'
  return map
}
