import { useContext } from 'react'
import type { RestoreHint } from '../../kernel/index.js'
import { RestoreHintContext } from '../provider/RestoreHintContext.js'
import { usePorticoHandle } from './usePorticoHandle.js'

/**
 * The restore hint the server read from the visitor's cookie: `<PorticoProvider restoreHint>`,
 * else `createPortico({ restoreHint })`. It shapes only what renders before hydration.
 *
 * @example
 * const hint = useRestoreHint()
 */
export function useRestoreHint(): RestoreHint | undefined {
  const portico = usePorticoHandle('useRestoreHint')
  return useContext(RestoreHintContext) ?? portico.options.restoreHint
}
