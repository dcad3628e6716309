import { NoPluginForHookError } from '../errors/plugin.js'
import type { ChainNamespace } from '../types/caip.js'

type Keyed<H> = { get(key: string): H | undefined }
type Usable = { isUsed(): boolean }

/**
 * Finds the namespace's hook of a HookMap and throws a typed error (with a docs link) when no
 * plugin tapped it.
 *
 * @example
 * const hook = requireHook(portico.hooks.connect, 'connect', 'eip155')
 */
export function requireHook<H extends Usable>(map: Keyed<H>, hook: string, namespace: ChainNamespace): H {
  const found = map.get(namespace)
  if (!found || !found.isUsed()) throw new NoPluginForHookError({ hook, namespace })
  return found
}
