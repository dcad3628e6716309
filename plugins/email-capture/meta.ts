import type { PluginMeta } from '../../kernel/kernel.js'

/** The email-capture plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "The DataCapture view: once a visitor connects, asks for their email when the site enables it (the remote feature `emailCapture`, or the local `features.emailCapture` when no project configuration applies), with consent text linking the site's privacy policy. The address goes to a server speaking `/v1/email-capture` with the wallet address; the server sends a confirmation email (double opt-in) with an unsubscribe link, and offers the site owner a CSV export.",
  docsPath: '/plugins/email-capture.md',
  capabilities: [],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      privacyPolicyUrl: { type: 'string', maxLength: 2048, pattern: '^https?://\\S+$', description: "The policy the consent text links. Default: the site's top-level `privacyPolicyUrl`; with neither, no link." },
      apiUrl: { type: 'string', maxLength: 2048, pattern: '^https?://\\S+$', description: "A server speaking `/v1/email-capture`. Default: the instance's blockchain API (`endpoints.blockchainApi`)." },
      askOnConnect: { type: 'boolean', default: true, description: 'Open DataCapture after a connection (once per account and browser) when the feature is on; otherwise only `portico.open({ view: \'DataCapture\' })` shows it.' },
    },
  },
  hooks: ['connected', 'registerViews'],
  views: ['DataCapture'],
  errors: [{ name: 'EmailCaptureError', description: 'The email was refused ("Enter a valid email address", checked in the view before anything is sent, and again by the server) or the server could not send the confirmation email; the view keeps what was typed.' }],
} as const satisfies PluginMeta
