import { createContext } from 'react'

/** Hides the modal header's Back arrow until the function it returns is called (`useHideBack`). */
export const HideBackContext = createContext<() => () => void>(() => () => {})
