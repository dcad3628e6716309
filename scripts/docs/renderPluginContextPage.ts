import { pluginContextCatalogue, type PluginContextGroup } from '../../kernel/kernel.js'
import { block, cell } from './markers.js'

/** One plugin's declared hooks, as the docs generator saw them in a real setup. */
export type DeclaredHooksRecord = { plugin: string; hooks: { name: string; kind: string }[] }

const order: PluginContextGroup[] = ['Identity', 'Hooks', 'Registries', 'State (read only)', 'Services', 'Actions', 'Plugin actions', 'Plugin hooks']

/** docs/kernel/plugin-context.md: what `setup(context)` receives, and the hooks plugins declare. */
export function renderPluginContextPage(existing: string | undefined, declared: readonly DeclaredHooksRecord[]): { blocks: Record<string, string>; page: string } {
  const entries = Object.entries(pluginContextCatalogue)
  const context = order
    .map((group) => {
      const rows = entries.filter(([, doc]) => doc.group === group).map(([name, doc]) => `| \`${name}\` | ${cell(doc.doc)} |`)
      return `### ${group}\n\n| Member | What it is |\n|---|---|\n${rows.join('\n')}\n`
    })
    .join('\n')
  const rows = declared.flatMap((record) => record.hooks.map((hook) => `| \`${record.plugin}\` | \`${hook.name}\` | ${hook.kind} |`))
  const pluginHooks = rows.length ? ['| Plugin | Hook | Kind |', '|---|---|---|', ...rows].join('\n') : '_No plugin declares hooks._'
  const blocks = { 'plugin context': context, 'plugin-declared hooks': pluginHooks }
  const page =
    existing ??
    `# The plugin context

A plugin's \`setup(context)\` receives a plugin context, one per plugin: the kernel's hooks,
registries, services and actions, plus what only plugins do. It is not the site owner's
\`Portico\` (what \`createPortico\` returns): it has no \`destroy\`, \`ready\`, \`subscribe\` or
\`getState\`, and plugins read the kernel's stores but change them only through actions.

${block('plugin context', '')}

## Plugin-declared hooks

A plugin declares hooks of its own with \`context.declareHooks({...})\` (once, in \`setup\`); another
plugin finds them by the plugin's name, typed by the shape it expects and checked by name:
\`context.pluginHooks<SignInHooks>('siwx', ['authenticateParameters', 'addSession'])\`. Look them up
when they are used (or in \`registerViews\`), not at the top of \`setup\`: plugins set up in the
site's order. A plugin that is not installed, or lacks a hook asked for, is a
\`PluginHooksNotFoundError\`; check \`context.hasPlugin(name)\` for an optional partner.

${block('plugin-declared hooks', '')}
`
  return { blocks, page }
}
