import { createContext } from 'react'
import type { PorticoHandle } from '../../kernel/index.js'

/** The handle (`createPortico`'s result) of the nearest `<PorticoProvider>`: there before the kernel loads. */
export const PorticoHandleContext = createContext<PorticoHandle | null>(null)
