// A public type of `portico/cosmos` (the plugin's `wallets` option), in a file of its own so the
// published declarations that name it do not reach the discovery's, which use `@keplr-wallet/types`
// (a devDependency: a site does not have it, and its strict `tsc` would fail on the import).

/** Where a Keplr-compatible wallet injects itself: a dotted path under `window`, with its name and icon. */
export type CosmosInjectedWallet = { id: string; name: string; path: string; icon?: string }
