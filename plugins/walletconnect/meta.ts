import type { PluginMeta } from '../../kernel/kernel.js'

/** The walletconnect plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    'Connects mobile and desktop wallets over WalletConnect v2 through a relay you choose: QR code, "Copy link" and directory deep links, one session for every namespace whose chain plugin declares a WalletConnect namespace, requests checked against what the wallet approved, restore on reload.',
  docsPath: '/plugins/walletconnect.md',
  peerDependencies: {
    '@walletconnect/sign-client': '2.25.0',
  },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      relayUrl: {
        type: 'string',
        pattern: '^wss?://[^\\s]+$',
        maxLength: 2048,
        description: 'The relay (`ws://` or `wss://`). Default: the site\'s `endpoints.relay` (your own `server/` at `/relay`, or the public relay when unset).',
      },
      projectId: {
        type: 'string',
        minLength: 1,
        maxLength: 256,
        description: 'Project id sent to the relay. Default: the `projectId` given to `createPortico`.',
      },
      verify: {
        type: 'boolean',
        default: false,
        description: 'Register each proposal with the WalletConnect Verify service (a hidden iframe from verify.walletconnect.org). Off by default: nothing is loaded from a host you did not configure.',
      },
      metadata: {
        type: 'object',
        additionalProperties: false,
        description: 'The dapp as wallets show it. Default: `createPortico`\'s `metadata`, else the page title and origin.',
        properties: {
          name: { type: 'string', maxLength: 200 },
          description: { type: 'string', maxLength: 1000 },
          url: { type: 'string', maxLength: 2048 },
          icons: { type: 'array', maxItems: 8, items: { type: 'string', maxLength: 2048 } },
          redirect: {
            type: 'object',
            additionalProperties: false,
            description: 'Where the wallet returns the visitor after each request: `native` (the site app\'s scheme) and `universal` (an https link). Default: `createPortico`\'s `metadata.redirect`. Only a wallet scheme (`native`) or an https link (`universal`) is sent.',
            properties: { native: { type: 'string', maxLength: 2048 }, universal: { type: 'string', maxLength: 2048 } },
          },
        },
      },
      connectTimeoutMs: {
        type: 'integer',
        minimum: 1000,
        maximum: 120_000,
        default: 20_000,
        description: 'How long to wait for the relay to accept a new pairing before giving up with a clear error (the client alone waits about 75 s).',
      },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'registerViews', 'modalClosed'],
  views: ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'],
  errors: [
    { name: 'WalletConnectConfigError', description: 'The relay URL or project id is missing or not usable.' },
    { name: 'RelayUnavailableError', description: 'The relay did not accept the pairing in time (down, refused, or wrong URL).' },
    { name: 'PairingCancelledError', description: 'The visitor left the QR code view before a wallet connected.' },
    { name: 'NamespaceNotApprovedError', description: 'The wallet approved the session without any configured chain of the namespace that was asked for.' },
    { name: 'MethodNotApprovedError', description: 'A request used a method the wallet did not approve for that chain; nothing was sent.' },
    { name: 'ChainNotSupportedError', description: 'A request or a network switch named a chain outside the session; nothing was sent.' },
    { name: 'InvalidWalletResponseError', description: 'The wallet answered with a malformed or oversized result.' },
    { name: 'WalletConnectPeerError', description: 'The wallet sent an event the session does not allow (reported, then ignored).' },
    { name: 'ProviderRpcError', description: 'The wallet answered a request with an error; 4001 and 5000 are the visitor saying no.' },
  ],
} as const satisfies PluginMeta
