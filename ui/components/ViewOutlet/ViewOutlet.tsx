import { observer } from 'mobx-react-lite'
import { Suspense, useEffect, useMemo, useState } from 'react'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { forgetView, loadView, viewComponent } from '../../modal/viewComponents.js'
import { Button } from '../Button/Button.js'
import { Spinner } from '../Spinner/Spinner.js'
import { ViewErrorBoundary } from '../ViewErrorBoundary/ViewErrorBoundary.js'

/**
 * The modal's one outlet: renders the current route's view from the registry, loading its
 * chunk on first use (Suspense), with a retry when loading fails.
 *
 * @example
 * <ViewOutlet />
 */
export const ViewOutlet = observer(function ViewOutlet() {
  const portico = usePortico()
  const t = useTranslate()
  const [attempt, setAttempt] = useState(0)
  const view = portico.stores.router.view
  const descriptor = portico.views.get(view)
  // Chosen once per view and attempt: switching from the lazy wrapper to the loaded component
  // later would remount the view and lose its state.
  const View = useMemo(() => (descriptor ? viewComponent(descriptor) : undefined), [descriptor, attempt])
  // Once a plugin's view shows, its plugin's other views (Send's review, a success screen) load in
  // the background, so the next one opens at its own height, not after a loading spinner of
  // another (docs/design.md, "How a view may grow"). The UI's own views come with its chunk, but
  // each still resolves once before it can render without Suspense: they are resolved here too, or
  // the first opening of one (ProfileWallets from Account) showed the loading spinner for a frame.
  useEffect(() => {
    if (!descriptor?.owner) return
    const timer = setTimeout(() => {
      for (const id of portico.views.ids) {
        const sibling = portico.views.get(id)
        if (sibling && sibling !== descriptor && sibling.owner === descriptor.owner) void loadView(sibling).catch(() => undefined)
      }
    }, 0)
    return () => clearTimeout(timer)
  }, [portico, descriptor])
  if (!descriptor || !View) {
    return <p className="portico-view portico-view__message">{t('modal.unknownView', { view })}</p>
  }
  return (
    <div className="portico-view" key={`${view}:${attempt}`}>
      <ViewErrorBoundary
        onRetry={() => {
          forgetView(descriptor)
          setAttempt((n) => n + 1)
        }}
        fallback={(retry) => (
          <div className="portico-view__message">
            <p>{t('modal.viewFailed')}</p>
            <Button onClick={retry}>{t('modal.retry')}</Button>
          </div>
        )}
      >
        <Suspense
          fallback={
            <div className="portico-view__loading">
              <Spinner size="large" />
              <span className="portico-visually-hidden">{t('modal.loadingView')}</span>
            </div>
          }
        >
          <View />
        </Suspense>
      </ViewErrorBoundary>
    </div>
  )
})
