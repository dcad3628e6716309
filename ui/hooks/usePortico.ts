import { useContext } from 'react'
import { BaseError, type Portico } from '../../kernel/index.js'
import { PorticoContext } from '../provider/PorticoContext.js'

/** Thrown when a hook runs outside `<PorticoProvider>`. */
export class MissingProviderError extends BaseError {
  override name = 'MissingProviderError'
  override code = 'MISSING_PROVIDER'
  constructor(hook: string) {
    super(`\`${hook}\` must be used inside <PorticoProvider portico={…}>`, { docsPath: '/guides/getting-started.md' })
  }
}

/**
 * The Portico instance from the nearest provider.
 *
 * @example
 * const portico = usePortico(); portico.open()
 */
export function usePortico(hook = 'usePortico'): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new MissingProviderError(hook)
  return portico
}
