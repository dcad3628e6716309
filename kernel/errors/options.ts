import { BaseError } from './BaseError.js'

const docs = '/kernel/errors.md'

/** `createPortico` got no networks. */
export class NoNetworksError extends BaseError {
  override name = 'NoNetworksError'
  override code = 'NO_NETWORKS'
  constructor() {
    super('At least one network is required', {
      docsPath: `${docs}#nonetworkserror`,
      metaMessages: ['Pass `networks: [network, …]` to createPortico.'],
    })
  }
}

/** A network object is malformed. */
export class InvalidNetworkError extends BaseError {
  override name = 'InvalidNetworkError'
  override code = 'INVALID_NETWORK'
  constructor({ index, reason, cause }: { index: number; reason: string; cause?: unknown }) {
    super(`Invalid network at networks[${index}]: ${reason}`, { cause, docsPath: `${docs}#invalidnetworkerror` })
  }
}

/** A network's namespace is served by no installed chain plugin. */
export class NamespaceWithoutPluginError extends BaseError {
  override name = 'NamespaceWithoutPluginError'
  override code = 'NAMESPACE_WITHOUT_PLUGIN'
  constructor({ namespace, network }: { namespace: string; network: string }) {
    super(`No plugin serves the "${namespace}" namespace of network "${network}"`, {
      docsPath: `${docs}#namespacewithoutpluginerror`,
      metaMessages: [`Add the chain plugin, e.g. \`plugins: [${/^[a-z][a-z0-9]*$/.test(namespace) ? namespace : 'chainPlugin'}()]\`.`],
    })
  }
}

/** Two plugins share one name. */
export class DuplicatePluginError extends BaseError {
  override name = 'DuplicatePluginError'
  override code = 'DUPLICATE_PLUGIN'
  constructor({ name }: { name: string }) {
    super(`Two plugins are named "${name}"`, {
      docsPath: `${docs}#duplicatepluginerror`,
      metaMessages: ['Each plugin may be installed once; plugin names must be unique.'],
    })
  }
}

/** Both `siweConfig` and `siwx` were set. */
export class SiweAndSiwxError extends BaseError {
  override name = 'SiweAndSiwxError'
  override code = 'SIWE_AND_SIWX'
  constructor() {
    super('Cannot set both `siweConfig` and `siwx` options', { docsPath: `${docs}#siweandsiwxerror` })
  }
}

/** A plugin is not a valid plugin object. */
export class InvalidPluginError extends BaseError {
  override name = 'InvalidPluginError'
  override code = 'INVALID_PLUGIN'
  constructor({ index, reason }: { index: number; reason: string }) {
    super(`Invalid plugin at plugins[${index}]: ${reason}`, { docsPath: `${docs}#invalidpluginerror` })
  }
}

/** A plugin's options do not match its options schema. */
export class InvalidPluginOptionsError extends BaseError {
  override name = 'InvalidPluginOptionsError'
  override code = 'INVALID_PLUGIN_OPTIONS'
  issues: string[]
  constructor({ plugin, issues }: { plugin: string; issues: string[] }) {
    super(`Invalid options for plugin "${plugin}"`, {
      docsPath: `/plugins/${plugin}.md#options`,
      metaMessages: issues,
    })
    this.issues = issues
  }
}

/** An option has the wrong type or value. */
export class InvalidOptionError extends BaseError {
  override name = 'InvalidOptionError'
  override code = 'INVALID_OPTION'
  constructor({ option, reason }: { option: string; reason: string }) {
    super(`Invalid option \`${option}\`: ${reason}`, { docsPath: `${docs}#invalidoptionerror` })
  }
}

/** A `themeVariables` entry is not part of the theme contract, or its value is not a safe CSS value. */
export class InvalidThemeVariableError extends BaseError {
  override name = 'InvalidThemeVariableError'
  override code = 'INVALID_THEME_VARIABLE'
  /** The entry's name as the site wrote it. */
  variable: string
  constructor({ variable, reason }: { variable: string; reason: string }) {
    super(`Ignored theme variable \`${variable.slice(0, 80)}\`: ${reason}`, {
      docsPath: `${docs}#invalidthemevariableerror`,
      metaMessages: ['The other theme variables still apply. The contract: docs/guides/theming.md.'],
    })
    this.variable = variable
  }
}
