import type { PluginMeta } from '../../kernel/kernel.js'

/** The names plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Account names for eip155 accounts: the account's name and avatar on the Account view and the account button (a name zone such as `alice.portico.id` from any server speaking `/v1/profile/*`, else ENS through viem where the chain has a universal resolver), names accepted as the send form's receiver, and a \"Register a name\" action opening RegisterAccountName (live availability and suggestions, the wallet signs `{ name, attributes, timestamp }`, then RegisterAccountNameSuccess).",
  docsPath: '/plugins/names.md',
  capabilities: [],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      zone: { type: 'string', maxLength: 253, pattern: '^[a-z0-9-]+(\\.[a-z0-9-]+)*$', default: 'portico.id', description: "The name zone's suffix: names registered here end in `.<zone>`." },
      apiUrl: { type: 'string', maxLength: 2048, pattern: '^https?://\\S+$', description: "A server speaking the name API (`/v1/profile/*`). Default: the instance's blockchain API (`endpoints.blockchainApi`)." },
      ens: {
        type: 'object',
        additionalProperties: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
        description: "ENS universal resolvers by CAIP-2 chain id (`{ 'eip155:31337': '0x…' }`), added to Ethereum mainnet's. Names not in the zone, and accounts without a zone name, are looked up there through the chain's RPC.",
      },
      register: { type: 'boolean', default: true, description: 'Whether the Account view offers "Register a name".' },
    },
  },
  hooks: ['fetchProfile', 'resolveName', 'registerViews'],
  views: ['RegisterAccountName', 'RegisterAccountNameSuccess'],
  errors: [
    { name: 'NameResolveError', description: '"Error resolving name": the zone or the chain could not be asked; the address stays shown and the send form refuses the name.' },
    { name: 'NameSuggestionsError', description: '"Error fetching name suggestions": the zone did not answer; the visitor may still register the name typed.' },
    { name: 'NameRegistrationError', description: '"Error registering name", with the zone\'s reason: the name was taken meanwhile, the address already has one, the signed message is stale or was used already, the signature is not the account\'s, or the wallet refused to sign. The view stays on RegisterAccountName with the name kept.' },
  ],
} as const satisfies PluginMeta
