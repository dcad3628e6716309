import { runInAction } from 'mobx'
import type { ViewRegistry } from '../../kernel/kernel.js'
import { uiViews } from './uiViews.js'

/**
 * Registers the UI's built-in views into an instance's view registry. Idempotent, and a view a
 * plugin already registered under the same id keeps the plugin's version.
 *
 * @param views - `portico.views`
 * @returns the ids it registered now
 * @example
 * registerUiViews(portico.views)
 */
export function registerUiViews(views: ViewRegistry): string[] {
  const added: string[] = []
  runInAction(() => {
    for (const descriptor of uiViews) {
      if (views.has(descriptor.id)) continue
      views.register(descriptor)
      added.push(descriptor.id)
    }
  })
  return added
}
