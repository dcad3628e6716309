import type { Hooks } from './createHooks.js'

export type TapRecord = { hook: string; namespace?: string; name: string }

type AnyHook = { taps: { name: string }[] }
type AnyHookMap = { _map: Map<unknown, AnyHook> }

/**
 * Lists every tap on a hook catalogue: which hook, which namespace (for HookMaps) and the
 * tapping plugin's name. The docs generator and the conformance kit read plugins' taps this way.
 *
 * @example
 * listTaps(portico.hooks).filter((tap) => tap.name === 'eip155')
 */
export function listTaps(hooks: Hooks): TapRecord[] {
  const records: TapRecord[] = []
  for (const [hook, value] of Object.entries(hooks)) {
    if ((value as unknown as AnyHookMap)._map instanceof Map) {
      for (const [namespace, inner] of (value as unknown as AnyHookMap)._map) {
        for (const tap of inner.taps) records.push({ hook, namespace: String(namespace), name: tap.name })
      }
    } else {
      for (const tap of (value as unknown as AnyHook).taps) records.push({ hook, name: tap.name })
    }
  }
  return records
}
