import { BaseError } from './BaseError.js'

/**
 * A plugin loaded one of its optional peer dependencies (a chain or device SDK that only that
 * plugin uses: `@ledgerhq/*`, `polkadot-api`'s parts, `@scure/btc-signer`, …) and the site has not
 * installed it. The message names the package and the command that installs the plugin's peers.
 */
export class MissingPeerDependencyError extends BaseError {
  override name = 'MissingPeerDependencyError'
  override code = 'MISSING_PEER_DEPENDENCY'
  /** The plugin that needs the package (`ledger`). */
  plugin: string
  /** The missing package (`@ledgerhq/hw-transport-webhid`). */
  packageName: string
  /** The command that installs every peer of the plugin, at the versions this release is built against. */
  installCommand: string
  constructor({ plugin, packageName, peers, cause }: { plugin: string; packageName: string; peers: Readonly<Record<string, string>>; cause?: unknown }) {
    const installCommand = `npm install ${Object.entries(peers)
      .map(([name, version]) => `${name}@${version}`)
      .join(' ')}`
    const version = peers[packageName]
    super(`The ${plugin} plugin needs \`${packageName}\`: npm install ${packageName}${version ? `@${version}` : ''}`, {
      cause,
      // What an error that wraps this one (ConnectFailedError, …) shows as its details: the fix, not the loader's words.
      details: `Install the ${plugin} plugin's peers: ${installCommand}`,
      docsPath: '/kernel/errors.md#missingpeerdependencyerror',
    })
    this.plugin = plugin
    this.packageName = packageName
    this.installCommand = installCommand
  }
}
