import { BaseError } from '../errors/BaseError.js'

/** A plugin's messages broke the rules (a key outside its prefix, a value that is not text). */
export class InvalidPluginMessagesError extends BaseError {
  override name = 'InvalidPluginMessagesError'
  override code = 'INVALID_PLUGIN_MESSAGES'
  constructor({ plugin, reason }: { plugin: string; reason: string }) {
    super(`Invalid messages of plugin "${plugin}"`, { docsPath: '/kernel/errors.md#invalidpluginmessageserror', metaMessages: [reason] })
  }
}

/**
 * The English defaults of every plugin's strings (`definePlugin({ messages })`), each key under
 * its plugin's name (`siwx.title`). The UI's translator reads them after the site's own strings
 * and the UI's English: a site translates a plugin like anything else, by key.
 */
export class MessageRegistry {
  readonly #messages = new Map<string, string>()

  /**
   * Adds a plugin's English defaults.
   *
   * @throws InvalidPluginMessagesError for a key outside `<plugin>.`, a non-string or overlong value
   */
  register(plugin: string, messages: Readonly<Record<string, unknown>>): void {
    if (!messages || typeof messages !== 'object' || Array.isArray(messages)) throw new InvalidPluginMessagesError({ plugin, reason: 'messages must be an object of key → text' })
    const prefix = `${plugin}.`
    for (const [key, value] of Object.entries(messages)) {
      if (!key.startsWith(prefix) || key.length > 200) throw new InvalidPluginMessagesError({ plugin, reason: `The key "${key.slice(0, 80)}" must start with "${prefix}".` })
      if (typeof value !== 'string' || value.length > 2_000) throw new InvalidPluginMessagesError({ plugin, reason: `The value of "${key}" must be a string of at most 2000 characters.` })
    }
    for (const [key, value] of Object.entries(messages)) this.#messages.set(key, value as string)
  }

  /** The English default of a plugin key, if a plugin gave one. */
  get(key: string): string | undefined {
    return this.#messages.get(key)
  }

  /** Every registered key and its English default. */
  entries(): [string, string][] {
    return [...this.#messages.entries()]
  }
}
