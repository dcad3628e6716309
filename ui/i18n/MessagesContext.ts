import { createContext } from 'react'
import type { Messages } from '../locales/en.js'

/** The locale strings of the nearest `<PorticoProvider messages={…}>` (English when absent). */
export const MessagesContext = createContext<Messages | undefined>(undefined)

/** The locale of the nearest `<PorticoProvider locale="…">`: plugins' strings are looked up in it. */
export const LocaleContext = createContext<string | undefined>(undefined)
