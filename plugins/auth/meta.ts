import type { PluginMeta } from '../../kernel/kernel.js'

/** The auth plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    "Email one-time-code and social login (Google, GitHub, Discord, X, Apple, Facebook, Farcaster through the social flow) with an embedded wallet whose key lives only in a frame on your Portico server's wallet origin (docs/guides/embedded-wallet.md). One `AUTH` connector per approved namespace the site configured (eip155, solana); one login connects both, and the chain plugins sign and send through the connection's channel. The frame loads only when a visitor uses email or a social login, or a stored auth connection is restored.",
  docsPath: '/plugins/auth.md',
  capabilities: [],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['walletOrigin'],
    examples: [{ walletOrigin: 'https://wallet.example.com', socials: ['google', 'github', 'discord', 'x', 'apple', 'facebook'] }],
    properties: {
      walletOrigin: { type: 'string', maxLength: 2048, pattern: '^https?://[^/\\s?#]+/?$', description: "The wallet origin: an origin of your Portico server that is not the site's (the sandbox: `http://127.0.0.1:<PORT + 11>`). The frame and the auth service answer there only." },
      projectId: { type: 'string', maxLength: 200, description: "Sent to the frame as `?projectId=`. Default: `createPortico`'s `projectId`." },
      socials: {
        type: 'array',
        maxItems: 20,
        items: { type: 'string', maxLength: 40, pattern: '^[a-z0-9-]+$' },
        description: "The social logins to offer, in this order; only those the project's `socials` feature enables are shown (and Telegram's in-app browser drops what it cannot open). Default: the project's list.",
      },
      email: { type: 'boolean', default: true, description: "Offer the email one-time-code login (it also needs the project's `email` feature)." },
      messageApproval: {
        type: 'string',
        enum: ['ask', 'skip'],
        default: 'ask',
        description:
          "`'ask'`: every signature and transaction waits for the visitor's click on the approval screen inside the wallet frame (docs/guides/embedded-wallet.md §3.1). `'skip'`: plain messages (`personal_sign`, solana `signMessage`) sign without it; typed data and transactions always ask. Any script of your page can ask the frame to sign such messages then, so skip only when every script of the page is yours.",
      },
    },
  },
  hooks: ['discoverWallets', 'connect', 'reconnect', 'disconnect', 'switchNetwork', 'registerViews', 'modalClosed'],
  views: ['EmailLogin', 'ConnectingSocial', 'ConnectingFarcaster', 'UpdateEmailWallet', 'EmbeddedWalletProfile', 'ExportPrivateKey', 'ApproveTransaction'],
  errors: [
    { name: 'SocialConnectionError', description: '`Failed to initiate social connection`: the popup was blocked (it must open in the click), or the wallet frame could not start the login. The view offers Retry.' },
    { name: 'PopupClosedError', description: '`Popup closed`: the social login window was closed before it answered (checked every second).' },
    { name: 'AuthConnectorNotFoundError', description: '`No auth connector found`: the auth wallet was asked for a namespace it is not approved on (only eip155 and solana), or the site configured neither.' },
    { name: 'NotConnectedToAuthError', description: '`Not connected to email or social`: connecting the auth connector, exporting or changing the email needs a logged-in visitor.' },
    { name: 'AuthFrameError', description: 'The wallet frame answered an error: `WRONG_CODE` (with `attemptsLeft`), `CODE_EXPIRED`, `CODE_USED`, `LOCKED`, `RATE_LIMITED` (with `retryAfter` seconds), `PROVIDER_ERROR` (the provider\'s message), `REAUTH_REQUIRED`, `SERVER_ERROR`, …; wallet requests map `USER_REJECTED` (the visitor pressed Reject on the frame\'s approval screen, or closed the modal while it showed) to provider code 4001.' },
    { name: 'FrameUnavailableError', description: 'The wallet frame did not load (no `ready` within 15 s: wrong `walletOrigin`, the page\'s origin not allowed by the project, or the server down) or did not answer a request in time.' },
    { name: 'InvalidEmailError', description: '`Enter a valid email address`: checked before anything is sent; the field keeps what was typed.' },
    { name: 'InvalidCodeError', description: '`Enter the 6-digit code`: checked before anything is sent.' },
  ],
} as const satisfies PluginMeta
