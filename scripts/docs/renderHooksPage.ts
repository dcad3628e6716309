import { hookCatalogue } from '../../kernel/kernel.js'
import { block } from './markers.js'

/** docs/kernel/hooks.md: every hook with its kind, contract, arguments, result and version. */
export function renderHooksPage(existing: string | undefined): { key: string; content: string; page: string } {
  const rows = Object.entries(hookCatalogue)
    .map(([name, doc]) => `| [\`${name}\`](#${name.toLowerCase()}) | ${doc.keyed ? 'HookMap · ' : ''}${doc.kind} | ${doc.contract} |`)
    .join('\n')
  const sections = Object.entries(hookCatalogue)
    .map(
      ([name, doc]) => `### ${name}

| | |
|---|---|
| Kind | ${doc.keyed ? '`HookMap` keyed by CAIP-2 namespace, each an ' : ''}\`${doc.kind}Hook\` |
| Contract | ${doc.contract} |
| Arguments | ${doc.arguments} |
| Returns | ${doc.returns} |
| Since | ${doc.since} |
`,
    )
    .join('\n')
  const content = `| Hook | Kind | Contract |
|---|---|---|
${rows}

${sections}`
  const page =
    existing ??
    `# Kernel hooks

The kernel's whole extension surface is one frozen object of hooks (\`portico.hooks\`), built on
\`@rspack/lite-tapable\`: the tapable API with no code generation, so it runs under a strict
Content-Security-Policy. Plugins tap, always with their own name; only the kernel calls
\`.call\` / \`.promise\`. Kinds: **Sync** notifies; **AsyncSeriesBail** takes the first answer that
is not \`undefined\`; **AsyncSeriesWaterfall** threads a value through every tap;
**AsyncParallel** runs independent work; **HookMap** keys a hook by CAIP-2 namespace
(\`portico.hooks.connect.for('eip155')\`).

\`\`\`ts
portico.hooks.connect.for('eip155').tapPromise('eip155', async (request) => {
  // return { connectorId, accounts, caipNetworkId }, or undefined to let another plugin answer
})
\`\`\`

${block('hook reference', '')}
`
  return { key: 'hook reference', content, page }
}
