import { usePortico } from '../../../ui/kit.js'
import type { AuthSettings } from '../auth.js'
import type { AuthStore } from '../store/AuthStore.js'

/**
 * The auth plugin's store and settings, for its views (undefined outside a Portico with the plugin).
 *
 * @example
 * const { store, settings } = useAuth()
 */
export function useAuth(): { store: AuthStore | undefined; settings: AuthSettings | undefined } {
  const portico = usePortico()
  return { store: portico.getStore<AuthStore>('auth'), settings: portico.getStore<AuthSettings>('auth:settings') }
}
