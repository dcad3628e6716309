import { createContext } from 'react'
import type { Portico } from '../../kernel/index.js'

/** The Portico instance of the nearest `<PorticoProvider>`. */
export const PorticoContext = createContext<Portico | null>(null)
