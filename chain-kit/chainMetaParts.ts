/**
 * Parts of a chain plugin's `meta` that every chain plugin words the same way, so that each option
 * and error is defined once: the reconnect time-out option, the list of extra injected wallets a
 * site may add, and the wallet's refusal. A plugin spreads them into its `meta` (loaded with its
 * code, never in a page's first bytes).
 *
 * @example
 * optionsSchema: { type: 'object', additionalProperties: false, properties: { ...reconnectTimeoutOption('wallet to be injected') } }
 */
export function reconnectTimeoutOption<const What extends string>(what: What) {
  return {
    reconnectTimeoutMs: {
      type: 'integer',
      minimum: 0,
      maximum: 30_000,
      default: 1_500,
      description: `How long to wait on load for the previous ${what} before giving up on restoring the connection.`,
    },
  } as const
}

/**
 * The `wallets` option of a plugin that finds wallets by a property of `window` (cosmos, stacks):
 * more wallets to look for, each `{ id, name, path, icon? }`.
 *
 * @param description the option's docs line, naming the plugin's built-in wallets
 */
export function injectedWalletsOption<const D extends string>(description: D) {
  return {
    wallets: {
      type: 'array',
      maxItems: 20,
      default: [],
      description,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'path'],
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 64, description: 'The connector id.' },
          name: { type: 'string', minLength: 1, maxLength: 64, description: 'The name to show.' },
          path: { type: 'string', pattern: '^[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*){0,3}$', description: 'Where it injects, under `window`.' },
          icon: { type: 'string', maxLength: 200_000, pattern: '^(https://|data:image/)', description: 'Its icon (https or data:image URL).' },
        },
      },
    },
  } as const
}

/** The documented error of a wallet that refused or failed (a chain plugin's `meta.errors` row). */
export const walletRefusedError = { name: 'ProviderRpcError', description: 'The wallet refused or failed; code 4001 is the visitor saying no.' } as const
