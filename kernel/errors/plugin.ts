import { BaseError } from './BaseError.js'

/** A kernel action found no plugin that tapped its hook for the namespace. */
export class NoPluginForHookError extends BaseError {
  override name = 'NoPluginForHookError'
  override code = 'NO_PLUGIN_FOR_HOOK'
  hook: string
  namespace: string | undefined
  constructor({ hook, namespace }: { hook: string; namespace?: string }) {
    super(
      namespace
        ? `No plugin handles "${hook}" for the "${namespace}" namespace`
        : `No plugin handles "${hook}"`,
      {
        docsPath: '/kernel/errors.md#nopluginforhookerror',
        metaMessages: [
          'This could be due to:',
          namespace ? `- no chain plugin for "${namespace}" is installed` : '- the feature plugin is not installed',
          '- the installed plugin does not support this capability',
        ],
      },
    )
    this.hook = hook
    this.namespace = namespace
  }
}

/** Every plugin that tapped a first-answer-wins hook passed. */
export class NoAnswerError extends BaseError {
  override name = 'NoAnswerError'
  override code = 'NO_ANSWER'
  constructor({ hook, namespace }: { hook: string; namespace?: string }) {
    super(`No plugin answered "${hook}"${namespace ? ` for "${namespace}"` : ''}`, {
      docsPath: '/kernel/errors.md#noanswererror',
    })
  }
}

/** `setup` of a plugin threw. */
export class PluginSetupError extends BaseError {
  override name = 'PluginSetupError'
  override code = 'PLUGIN_SETUP'
  constructor({ plugin, cause }: { plugin: string; cause: unknown }) {
    super(`Plugin "${plugin}" failed to set up`, { cause, docsPath: '/kernel/errors.md#pluginsetuperror' })
  }
}

/** A plugin asked for the hooks of a plugin that is not installed, or that declares none (or not the ones asked for). */
export class PluginHooksNotFoundError extends BaseError {
  override name = 'PluginHooksNotFoundError'
  override code = 'PLUGIN_HOOKS_NOT_FOUND'
  plugin: string
  constructor({ plugin, requester, installed, missing }: { plugin: string; requester: string; installed: boolean; missing?: readonly string[] }) {
    super(
      !installed
        ? `Plugin "${requester}" asked for the hooks of plugin "${plugin}", which is not installed`
        : missing && missing.length > 0
          ? `Plugin "${plugin}" does not declare the hook${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')} that plugin "${requester}" asked for`
          : `Plugin "${plugin}" declares no hooks (asked for by plugin "${requester}")`,
      {
        docsPath: '/kernel/errors.md#pluginhooksnotfounderror',
        metaMessages: !installed
          ? [`Add the "${plugin}" plugin to \`plugins\`, or check \`context.plugins\` for it first.`]
          : ['The two plugins disagree on the hooks; check their versions.'],
      },
    )
    this.plugin = plugin
  }
}

/** A plugin declared its hooks twice, or after setup. */
export class PluginHooksDeclaredError extends BaseError {
  override name = 'PluginHooksDeclaredError'
  override code = 'PLUGIN_HOOKS_DECLARED'
  constructor({ plugin }: { plugin: string }) {
    super(`Plugin "${plugin}" declared its hooks twice`, { docsPath: '/kernel/errors.md#pluginhooksdeclarederror', metaMessages: ['Call `context.declareHooks` once, in `setup`.'] })
  }
}

/** An action of an opt-in plugin was called without that plugin (e.g. `sendCalls` without `portico/calls`). */
export class PluginRequiredError extends BaseError {
  override name = 'PluginRequiredError'
  override code = 'PLUGIN_REQUIRED'
  plugin: string
  action: string
  constructor({ plugin, action }: { plugin: string; action: string }) {
    super(`"${action}" needs the ${plugin} plugin`, {
      docsPath: '/kernel/errors.md#pluginrequirederror',
      metaMessages: [`Add it: import { ${plugin} } from 'portico/${plugin}' and createPortico({ plugins: [..., ${plugin}()] }).`],
    })
    this.plugin = plugin
    this.action = action
  }
}

