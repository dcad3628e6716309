import type { JsonSchema, Plugin, TapRecord } from '../../kernel/kernel.js'
import { block, cell } from './markers.js'

function typeOf(schema: JsonSchema): string {
  if (schema.instanceof === 'Function') return 'function'
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : [...schema.type]
  if (types.includes('array') && schema.items?.type) return `${typeof schema.items.type === 'string' ? schema.items.type : schema.items.type.join(' \\| ')}[]`
  return types.join(' \\| ')
}

/** The generated blocks of one plugin page, from its `meta` (loaded: `await plugin.load?.()` first) and its real taps. */
export function pluginBlocks(plugin: Plugin<unknown>, taps: TapRecord[], importName: string, errorsEntry = `portico/${plugin.name}/errors`): Record<string, string> {
  const meta = plugin.meta
  if (!meta) throw new Error(`plugins/${plugin.name}: no meta once loaded (defineLazyPlugin's code() must give one)`)
  const header = [
    `📝 ${meta.description}`,
    '',
    `🧩 Kind: ${plugin.kind}${plugin.namespace ? ` · Namespace: \`${plugin.namespace}\`` : ''} · 📦 \`import { ${importName} } from 'portico/${plugin.name}'\` · Version ${plugin.version}`,
    ...(meta.peerDependencies && Object.keys(meta.peerDependencies).length
      ? [
          '',
          `📥 Its SDKs are optional peer dependencies of portico, installed by the sites that use it (a missing one is a \`MissingPeerDependencyError\` when the plugin loads it): \`npm install ${Object.entries(meta.peerDependencies)
            .map(([name, version]) => `${name}@${version}`)
            .join(' ')}\``,
        ]
      : []),
  ].join('\n')

  const capabilityList = meta.capabilities?.length ? meta.capabilities.map((c) => `- ${c}`).join('\n') : '_None declared._'

  const properties = Object.entries(meta.optionsSchema?.properties ?? {})
  const required = new Set(meta.optionsSchema?.required ?? [])
  const options = properties.length
    ? [
        '| Name | Description | Type | Choices | Default | Required |',
        '|---|---|---|---|---|---|',
        ...properties.map(
          ([name, schema]) =>
            `| \`${name}\` | ${cell(schema.description)}${schema.deprecated ? ' (deprecated)' : ''} | ${cell(typeOf(schema))} | ${cell(schema.enum?.map((e) => `\`${JSON.stringify(e)}\``).join(', '))} | ${schema.default === undefined ? '' : `\`${cell(JSON.stringify(schema.default))}\``} | ${required.has(name) ? 'Yes' : ''} |`,
        ),
      ].join('\n')
    : '_This plugin takes no options._'

  const tapLines = [...new Map(taps.map((t) => [`${t.hook}:${t.namespace ?? ''}`, t])).values()]
    .sort((a, b) => a.hook.localeCompare(b.hook))
    .map((t) => `- [\`${t.hook}\`](../kernel/hooks.md#${t.hook.toLowerCase()})${t.namespace ? ` for \`${t.namespace}\`` : ''}`)
  const hooks = tapLines.length ? tapLines.join('\n') : '_No hooks tapped._'

  const views = meta.views?.length ? meta.views.map((v) => `- \`${v}\``).join('\n') : '_No views registered._'
  const errors = meta.errors?.length
    ? [
        `Each is a class of \`${errorsEntry}\` (\`import { ${meta.errors[0]?.name} } from '${errorsEntry}'\`), apart from the plugin's entry so that a page that never catches one never loads one; every one has a stable \`code\`.`,
        '',
        '| Error | When |',
        '|---|---|',
        ...meta.errors.map((e) => `| \`${e.name}\` | ${cell(e.description)} |`),
      ].join('\n')
    : '_No plugin-specific errors._'
  const walletConnect = meta.walletConnect
    ? `Methods: ${meta.walletConnect.methods.map((m) => `\`${m}\``).join(', ')}\n\nEvents: ${meta.walletConnect.events.map((e) => `\`${e}\``).join(', ')}`
    : '_Not declared._'

  return {
    'plugin header': header,
    'plugin capabilities': capabilityList,
    'plugin options list': options,
    'plugin hooks': hooks,
    'plugin views': views,
    'plugin errors': errors,
    'plugin walletconnect': walletConnect,
  }
}

/** A new page: generated blocks in their places, with a hand-written Usage section to fill. */
export function newPluginPage(plugin: Plugin<unknown>, blocks: Record<string, string>): string {
  return `# ${plugin.name}

${block('plugin header', blocks['plugin header'] ?? '')}

## Usage

See the plugin's guide in \`docs/guides/\`.

${blocks['plugin server entry'] === undefined ? '' : `## From Node: \`portico/${plugin.name}/server\`

${block('plugin server entry', blocks['plugin server entry'])}

`}## Capabilities

${block('plugin capabilities', blocks['plugin capabilities'] ?? '')}

## Options

${block('plugin options list', blocks['plugin options list'] ?? '')}

## Hooks tapped

${block('plugin hooks', blocks['plugin hooks'] ?? '')}

## Views

${block('plugin views', blocks['plugin views'] ?? '')}

## WalletConnect namespace

${block('plugin walletconnect', blocks['plugin walletconnect'] ?? '')}

## Errors

${block('plugin errors', blocks['plugin errors'] ?? '')}
`
}
