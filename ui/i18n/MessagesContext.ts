import { createContext } from 'react'
import type { Messages } from '../locales/en.js'

/** The locale strings of the nearest `<PorticoProvider messages={…}>` (English when absent). */
export const MessagesContext = createContext<Messages | undefined>(undefined)
