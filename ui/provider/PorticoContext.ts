import { createContext } from 'react'
import type { Portico } from '../../kernel/index.js'

/** The kernel of the nearest `<PorticoProvider>`, once it has loaded (`null` until then). */
export const PorticoContext = createContext<Portico | null>(null)
