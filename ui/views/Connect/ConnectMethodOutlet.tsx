import { observer } from 'mobx-react-lite'
import { Suspense, useMemo } from 'react'
import type { PluginConnectMethod } from '../../../kernel/kernel.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { ViewErrorBoundary } from '../../components/ViewErrorBoundary/ViewErrorBoundary.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { forgetView, sectionDescriptor, viewComponent } from '../../modal/viewComponents.js'

/**
 * One plugin-registered section of the Connect view (the email field, the social buttons):
 * loaded on first show, a small spinner meanwhile; a section that fails to load shows nothing
 * (the other connect methods stay usable).
 *
 * @example
 * <ConnectMethodOutlet method="email" />
 */
export const ConnectMethodOutlet = observer(function ConnectMethodOutlet({ method }: { method: PluginConnectMethod }) {
  const portico = usePortico()
  const t = useTranslate()
  const section = portico.connectMethods.get(method)
  const Section = useMemo(() => (section ? viewComponent(sectionDescriptor(section, portico.views)) : undefined), [section])
  if (!Section) return null
  return (
    <div className="portico-connect__method" data-method={method}>
      <ViewErrorBoundary fallback={() => null} onRetry={() => (section ? forgetView(sectionDescriptor(section, portico.views)) : undefined)}>
        <Suspense
          fallback={
            <p className="portico-connect__note">
              <Spinner />
              <span className="portico-visually-hidden">{t('modal.loadingView')}</span>
            </p>
          }
        >
          <Section />
        </Suspense>
      </ViewErrorBoundary>
    </div>
  )
})
