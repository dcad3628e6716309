import { createContext } from 'react'
import type { RestoreHint } from '../../kernel/index.js'

/** The restore hint given to the nearest `<PorticoProvider restoreHint>`. */
export const RestoreHintContext = createContext<RestoreHint | undefined>(undefined)
