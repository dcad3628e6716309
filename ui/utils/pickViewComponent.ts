import type { ComponentType } from 'react'

/**
 * The component a view descriptor's `load()` resolved to: the value itself when it is a
 * component, or its `default` export (an ES module with a default component). Nothing is guessed
 * from export names: a descriptor names its component.
 *
 * @param loaded - what `load()` resolved to
 * @returns the component, or undefined
 * @example
 * pickViewComponent(await import('./Connect/ConnectView.js').then((m) => m.ConnectView)) // ConnectView
 */
export function pickViewComponent(loaded: unknown): ComponentType | undefined {
  const isComponent = (value: unknown): value is ComponentType =>
    typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)
  if (isComponent(loaded)) return loaded
  if (typeof loaded === 'object' && loaded !== null && 'default' in loaded && isComponent(loaded.default)) return loaded.default
  return undefined
}
