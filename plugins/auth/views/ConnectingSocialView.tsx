import { observer } from 'mobx-react-lite'
import { Button, StatusPanel, useAnnounce, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { authViews } from '../constants.js'
import { describeAuthError } from './describeAuthError.js'
import { openPopup } from './openPopup.js'
import { socialName } from './socialProviders.js'
import { useAuth } from './useAuth.js'
import { useOnLeave } from './useOnLeave.js'

const socialViews = [authViews.connectingSocial, authViews.connectingFarcaster]

/**
 * ConnectingSocial (and ConnectingFarcaster, its alias, spec §2): the social login in progress
 * in its popup — "Continue in the Google window", then "Logging you in…"; on failure the
 * reason (`Popup closed`, `Failed to initiate social connection`, the provider's message) and
 * "Try again", which opens a new popup in the click. Leaving the view drops the login.
 *
 * @example
 * portico.stores.router.push('ConnectingSocial', { provider: 'google' })
 */
export const ConnectingSocialView = observer(function ConnectingSocialView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { store } = useAuth()
  const data = portico.stores.router.data as { provider?: unknown } | undefined
  const provider = typeof data?.provider === 'string' ? data.provider : (store?.provider ?? '')
  const name = socialName(provider)
  useOnLeave(socialViews, () => store?.cancelSocial())
  const failed = store ? store.phase !== 'socialPopup' && store.phase !== 'verifying' && store.error !== undefined : false
  const heading = !store
    ? t('auth.error.notConnected')
    : failed
      ? t('auth.social.failed', { provider: name })
      : store.phase === 'verifying'
        ? t('auth.social.verifying')
        : t('auth.social.waiting', { provider: name })
  const hint = failed ? describeAuthError(store?.error, t) : store?.phase === 'socialPopup' ? t('auth.social.waitingHint') : undefined
  useAnnounce(hint ? `${heading}. ${hint}` : heading)
  return (
    <div className="portico-auth">
      <StatusPanel tone={failed ? 'error' : 'waiting'} heading={heading} {...(hint ? { hint } : {})}>
        {failed && store ? (
          <Button
            onClick={() => {
              const popup = openPopup()
              void store.startSocial(provider, popup)
            }}
          >
            {t('auth.social.retry')}
          </Button>
        ) : null}
      </StatusPanel>
    </div>
  )
})
