/**
 * The ERC-4337 bundler methods the server's bundler route forwards (docs/guides/smart-accounts.md
 * §3); any other method is answered `-32601` without reaching the bundler.
 */
export const bundlerMethods: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'pimlico_getUserOperationGasPrice',
])

/** The bundler name a configured bundler gets when it names none. */
export const defaultBundlerName = 'alto'
