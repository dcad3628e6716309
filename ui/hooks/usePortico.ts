import { useContext } from 'react'
import { BaseError, type Portico } from '../../kernel/index.js'
import { PorticoContext } from '../provider/PorticoContext.js'
import { PorticoHandleContext } from '../provider/PorticoHandleContext.js'

/** Thrown when a hook runs outside `<PorticoProvider>`. */
export class MissingProviderError extends BaseError {
  override name = 'MissingProviderError'
  override code = 'MISSING_PROVIDER'
  constructor(hook: string) {
    super(`\`${hook}\` must be used inside <PorticoProvider portico={…}>`, { docsPath: '/guides/getting-started.md' })
  }
}

/**
 * The kernel of the nearest provider (stores, hooks, every action). A component that calls it
 * before the kernel has loaded suspends while the kernel loads (it starts the load): wrap such
 * components in `<Suspense>` to show something meanwhile. `usePorticoState`, `useAccount`,
 * `useNetwork` and `useModal` answer before the kernel loads and never suspend.
 *
 * @example
 * const portico = usePortico(); portico.stores.connections.isConnected('eip155')
 */
export function usePortico(hook = 'usePortico'): Portico {
  const portico = useContext(PorticoContext)
  const handle = useContext(PorticoHandleContext)
  if (portico) return portico
  if (!handle) throw new MissingProviderError(hook)
  if (handle.kernel) return handle.kernel
  // Suspense: React renders this component again once the kernel has loaded.
  throw handle.load()
}
