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
