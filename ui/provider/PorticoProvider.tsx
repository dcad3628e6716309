import type { ReactNode } from 'react'
import type { Portico } from '../../kernel/index.js'
import { PorticoContext } from './PorticoContext.js'

export type PorticoProviderProps = { portico: Portico; children?: ReactNode }

/**
 * Makes a Portico instance available to the components and hooks below it.
 *
 * @example
 * <PorticoProvider portico={portico}><ConnectButton /></PorticoProvider>
 */
export function PorticoProvider({ portico, children }: PorticoProviderProps) {
  return <PorticoContext.Provider value={portico}>{children}</PorticoContext.Provider>
}
