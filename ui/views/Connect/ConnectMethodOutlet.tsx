import { observer } from 'mobx-react-lite'
import { Suspense, useMemo } from 'react'
import type { ConnectMethodSection, PluginConnectMethod, ViewDescriptor } from '../../../kernel/index.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { ViewErrorBoundary } from '../../components/ViewErrorBoundary/ViewErrorBoundary.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { forgetView, viewComponent } from '../../modal/viewComponents.js'

const descriptors = new WeakMap<ConnectMethodSection, ViewDescriptor>()

/** The section as a view descriptor, so it loads (once) and suspends like a view. */
function descriptorOf(section: ConnectMethodSection): ViewDescriptor {
  let descriptor = descriptors.get(section)
  if (!descriptor) {
    descriptor = { id: `connect-method:${section.method}`, title: '', load: section.load, owner: section.owner }
    descriptors.set(section, descriptor)
  }
  return descriptor
}

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
  const Section = useMemo(() => (section ? viewComponent(descriptorOf(section)) : undefined), [section])
  if (!Section) return null
  return (
    <div className="portico-connect__method" data-method={method}>
      <ViewErrorBoundary fallback={() => null} onRetry={() => (section ? forgetView(descriptorOf(section)) : undefined)}>
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
