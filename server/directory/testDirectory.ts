/**
 * The sandbox's test directory: 300-odd invented wallets (names from word lists, domains under
 * `example.com`) written by `generateWallets.ts`, for paging, search and filter tests. A real
 * server serves the built-in list of real wallets instead (see `builtinDirectory`).
 */
export const testDirectoryFile = new URL('./wallets.json', import.meta.url)
