// `npm run docs` writes the generated parts of docs/kernel/hooks.md, docs/plugins/<name>.md and
// docs/plugins/README.md from the hook catalogue, each plugin's `meta` and real taps, and the exports
// of its Node entry (`portico/<name>/server`, when it has one), between
// marker comments so hand-written prose survives. `npm run docs -- --check` fails when a page is stale.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPorticoKernel, definePlugin, listTaps, loadPlugins, type Network, type Plugin, type PluginContext, type Portico } from '../../kernel/kernel.js'
import { block, cell, replaceBlock } from './markers.js'
import { renderHooksPage } from './renderHooksPage.js'
import { renderPluginContextPage, type DeclaredHooksRecord } from './renderPluginContextPage.js'
import { newPluginPage, pluginBlocks } from './renderPluginPage.js'
import { renderServerEntries } from './renderServerEntries.js'

const root = join(import.meta.dirname, '../..')
const check = process.argv.includes('--check')
const stale: string[] = []

function write(path: string, content: string) {
  const full = join(root, path)
  const before = existsSync(full) ? readFileSync(full, 'utf8') : undefined
  if (before === content) return
  if (check) {
    stale.push(path)
    return
  }
  mkdirSync(join(full, '..'), { recursive: true })
  writeFileSync(full, content)
  console.log(`wrote ${path}`)
}

function fillBlocks(page: string, blocks: Record<string, string>, path: string): string {
  let out = page
  for (const [key, content] of Object.entries(blocks)) {
    const next = replaceBlock(out, key, content)
    if (next === undefined) throw new Error(`${path} has no "${key}" markers: add <!-- begin auto-generated ${key} --> and <!-- end auto-generated ${key} -->`)
    out = next
  }
  return out
}

function read(path: string): string | undefined {
  const full = join(root, path)
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined
}

// The kernel's hook reference.
{
  const path = 'docs/kernel/hooks.md'
  const { key, content, page } = renderHooksPage(read(path))
  write(path, fillBlocks(page, { [key]: content }, path))
}

// One page per plugin folder.
const pluginsDir = join(root, 'plugins')
const folders = existsSync(pluginsDir)
  ? readdirSync(pluginsDir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(pluginsDir, d.name, 'index.ts'))).map((d) => d.name).sort()
  : []

function docsNetwork(namespace: string): Network {
  return {
    id: 1,
    caipNetworkId: `${namespace}:1`,
    chainNamespace: namespace,
    name: `${namespace} docs`,
    nativeCurrency: { name: 'Coin', symbol: 'COIN', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}

// A feature or connector plugin needs some chain to sit on; this one taps nothing.
const host = definePlugin({ name: 'docs-host', kind: 'chain', namespace: 'eip155', version: '0.0.0', meta: { description: 'Docs host.', walletConnect: { methods: ['personal_sign'], events: ['chainChanged'] } }, setup() {} })

// A plugin's Node entry (`portico/<name>/server`): its exports, read from the source.
const serverEntries = renderServerEntries(root, folders.filter((folder) => existsSync(join(pluginsDir, folder, 'server', 'index.ts'))))

const rows: string[] = []
const declaredHooks: DeclaredHooksRecord[] = []
for (const folder of folders) {
  const entry = (await import(join(pluginsDir, folder, 'index.ts'))) as Record<string, unknown>
  // The factory is named after the folder in camelCase (`email-capture` → `emailCapture`,
  // `walletconnect` → `walletConnect`): match it case-insensitively, ignoring hyphens.
  const wanted = folder.replace(/-/g, '').toLowerCase()
  const factoryName = Object.keys(entry).find((name) => name.toLowerCase() === wanted && typeof entry[name] === 'function')
  const factory = factoryName ? entry[factoryName] : undefined
  if (typeof factory !== 'function') throw new Error(`plugins/${folder}/index.ts must export a factory named after the folder (e.g. ${folder.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())}())`)
  // A plugin with required options (a URL, …) is built with the first example its schema gives.
  // Its meta may load with its code (defineLazyPlugin): load before reading it.
  const bare = (factory as (options?: unknown) => Plugin<PluginContext>)()
  await loadPlugins([bare])
  const example = bare.meta?.optionsSchema?.required?.length ? bare.meta.optionsSchema.examples?.[0] : undefined
  const plugin = example === undefined ? bare : (factory as (options?: unknown) => Plugin<PluginContext>)(example)
  await loadPlugins([plugin])
  if (plugin.name !== folder) throw new Error(`plugins/${folder}: the plugin's name is "${plugin.name}"; it must equal the folder name`)
  // The hooks the plugin declares, seen through its real setup.
  const seen: DeclaredHooksRecord = { plugin: plugin.name, hooks: [] }
  const observed: Plugin<PluginContext> = {
    ...plugin,
    setup: (context) =>
      plugin.setup({
        ...context,
        declareHooks(hooks) {
          for (const [name, hook] of Object.entries(hooks)) seen.hooks.push({ name, kind: hook.constructor.name })
          return context.declareHooks(hooks)
        },
      }),
  }
  await loadPlugins([observed])
  const portico = createPorticoKernel({
    projectId: 'docs',
    networks: [docsNetwork(plugin.namespace ?? 'eip155')],
    plugins: plugin.namespace ? [observed] : [host, observed],
    storage: null,
    enableReconnect: false,
    endpoints: { api: 'http://127.0.0.1:9' },
  })
  const taps = listTaps(portico.hooks).filter((tap) => tap.name === plugin.name)
  await portico.destroy()
  if (seen.hooks.length > 0) declaredHooks.push(seen)
  const path = `docs/plugins/${folder}.md`
  // A plugin's own error classes are in `portico/<plugin>/errors`; one that throws only the kernel's names `portico/errors`.
  const blocks = pluginBlocks(plugin, taps, factoryName as string, existsSync(join(pluginsDir, folder, 'errors.ts')) ? `portico/${folder}/errors` : 'portico/errors')
  if (serverEntries[folder] !== undefined) blocks['plugin server entry'] = serverEntries[folder]
  write(path, fillBlocks(read(path) ?? newPluginPage(plugin, blocks), blocks, path))
  rows.push(`| [${plugin.name}](./${folder}.md) | ${plugin.kind} | ${plugin.namespace ? `\`${plugin.namespace}\`` : ''} | ${cell(plugin.meta?.description ?? '')} |`)
}

{
  const path = 'docs/plugins/README.md'
  const table = rows.length ? ['| Plugin | Kind | Namespace | What it does |', '|---|---|---|---|', ...rows].join('\n') : '_No plugins yet._'
  const page =
    read(path) ??
    `# Plugins

A site imports only the plugins it uses (\`import { eip155 } from 'portico/eip155'\`). Every page
here is generated from the plugin's \`meta\` and its real taps by \`npm run docs\`; the prose around
the generated parts is written by hand.

${block('plugin index', '')}
`
  write(path, fillBlocks(page, { 'plugin index': table }, path))
}

{
  const path = 'docs/kernel/plugin-context.md'
  const { blocks, page } = renderPluginContextPage(read(path), declaredHooks)
  write(path, fillBlocks(page, blocks, path))
}

if (check) {
  if (stale.length) {
    console.error(`Stale docs (run \`npm run docs\`):\n${stale.map((p) => `  ${p}`).join('\n')}`)
    process.exit(1)
  }
  console.log('docs are up to date')
}
