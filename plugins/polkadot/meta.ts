import type { PluginMeta } from '../../kernel/index.js'

/** The polkadot plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Connects Substrate extensions announced in `window.injectedWeb3` (Polkadot.js, Talisman, SubWallet, Nova and others; read directly, without @polkadot/extension-dapp), with every account the visitor shares, SS58 addresses checked (blake2b checksum) and shown in each network's prefix, wallet-side account changes followed, `signRaw` message signatures and a sign-in verifier for sr25519, ed25519 and ecdsa. Balances and transfers are not built yet.",
  docsPath: '/plugins/polkadot.md',
  defaultAccountType: 'eoa',
  capabilities: ['connect', 'signMessage', 'signIn'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      appName: { type: 'string', minLength: 1, maxLength: 100, description: "The name extensions show when asking the visitor to share accounts. Default: the site's metadata name, else its host." },
      reconnectTimeoutMs: { type: 'integer', minimum: 0, maximum: 30_000, default: 1_500, description: 'How long to wait on load for the previous extension to be injected before giving up on restoring the connection.' },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage'],
  views: [],
  errors: [{ name: 'ProviderRpcError', description: 'The extension refused or failed; code 4001 is the visitor saying no.' }],
} as const satisfies PluginMeta
