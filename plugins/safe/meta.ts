import type { PluginMeta } from '../../kernel/kernel.js'

/** The safe plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Runs the site as a Safe App: when the page is framed by a Safe{Wallet} host, the eip155 plugin asks the parent `getSafeInfo` (Safe Apps protocol, at most 500 ms) and, when a Safe on one of the site's networks answers, offers the connector `safe` and connects it with no prompt; its sends are Safe transactions (the hash is the safeTxHash, followed until the owners execute it). Needs the eip155 plugin; the Safe code loads only when the page is framed.",
  docsPath: '/plugins/safe.md',
  capabilities: [],
  optionsSchema: { type: 'object', additionalProperties: false, properties: {} },
  hooks: [],
  views: [],
  errors: [],
} as const satisfies PluginMeta
