import { useEffect, useLayoutEffect } from 'react'

/**
 * `useLayoutEffect` in the browser, `useEffect` on the server (where neither runs, and React 18
 * warns about the first).
 *
 * @example
 * useIsomorphicLayoutEffect(() => applyThemeVariables(ref.current, variables), [variables])
 */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect
