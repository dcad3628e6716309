import type { PluginMeta } from '../../kernel/kernel.js'

/** The siwx plugin's metadata: the single source of its option validation and docs page. */
export const meta = {
  description:
    'Sign-in with X (CAIP-122; EIP-4361 text for eip155): after connecting, the visitor signs a message that chain plugins verify (EOA, EIP-1271 and EIP-6492 on eip155), kept as a session in the browser or on your backend.',
  docsPath: '/plugins/siwx.md',
  capabilities: [],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      required: { type: 'boolean', default: true, description: 'Connected visitors must sign in: closing the sign view is refused, and cancel switches back to the last signed network or disconnects.' },
      domain: { type: 'string', minLength: 1, maxLength: 253, pattern: '^[^\\s/?#@]+$', description: "The message's domain (host and port). Default: `location.host`." },
      uri: { type: 'string', minLength: 1, maxLength: 2048, pattern: '^\\S+$', description: "The message's URI. Default: `location.href`." },
      statement: { type: 'string', minLength: 1, maxLength: 1000, pattern: '^[^\\n\\r]+$', description: 'One line the wallet shows above the details.' },
      resources: { type: 'array', maxItems: 50, items: { type: 'string', pattern: '^\\S+$' }, description: 'URIs the sign-in grants access to (the message\'s Resources list).' },
      expiration: { type: 'integer', minimum: 1_000, maximum: 31_536_000_000, description: 'Session lifetime in milliseconds: sets the Expiration Time. Default: none.' },
      getNonce: { instanceof: 'Function', description: '`({ caipNetworkId, address }) => string | Promise<string>`: the nonce source, e.g. your backend. Default: 16 random letters and digits.' },
      sessionStore: { type: 'object', description: 'Where sessions live: `{ get, add, remove, clear }`. Default: the browser through Portico\'s storage; `createSiwxServerStore()` talks to a backend.' },
      signOutOnDisconnect: { type: 'boolean', default: true, description: 'Forget the sessions when the wallet disconnects.' },
    },
  },
  hooks: ['signIn', 'connected', 'accountChanged', 'networkChanged', 'disconnected', 'registerViews'],
  views: ['SIWXSignMessage'],
  errors: [
    { name: 'SiwxSignInError', description: '"Error signing message": the wallet refused, or the signature or session could not be verified or stored. The sign view reopens.' },
    { name: 'SiwxInitializeError', description: '"A problem occurred while trying initialize authentication": the session store failed when checking; the wallet is disconnected.' },
    { name: 'SiwxInvalidSignatureError', description: '"The signature is not valid" (also from `portico/siwx/server`).' },
    { name: 'SiwxMessageError', description: 'A message field would break CAIP-122 / EIP-4361 (a line break in the statement, a short nonce, …).' },
    { name: 'SiwxUnsupportedNamespaceError', description: 'No chain plugin registered a sign-in verifier for the namespace.' },
  ],
} as const satisfies PluginMeta
