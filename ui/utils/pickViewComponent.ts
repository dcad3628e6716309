import type { ComponentType } from 'react'

/**
 * Finds the component in a view module a descriptor's `load()` returned: its `View` export,
 * else the first export whose name ends in `View` and is a component, else the module itself
 * when `load()` resolved to a component.
 *
 * @param module - what `load()` resolved to
 * @returns the component, or undefined
 * @example
 * pickViewComponent(await import('./Connect/ConnectView.js')) // ConnectView
 */
export function pickViewComponent(module: unknown): ComponentType | undefined {
  const isComponent = (value: unknown): value is ComponentType =>
    typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)
  if (typeof module === 'function') return module as ComponentType
  if (typeof module !== 'object' || module === null) return undefined
  const record = module as Record<string, unknown>
  if (isComponent(record.View)) return record.View
  for (const [name, value] of Object.entries(record)) {
    if (name.endsWith('View') && isComponent(value)) return value
  }
  return undefined
}
