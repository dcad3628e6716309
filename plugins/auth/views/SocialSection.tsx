import { observer } from 'mobx-react-lite'
import { useId, useState } from 'react'
import { useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { authViews } from '../constants.js'
import { openPopup } from './openPopup.js'
import { SocialIcon } from './SocialIcon.js'
import { socialName } from './socialProviders.js'
import { useAuth } from './useAuth.js'

/** Up to this many socials show as full buttons; more make a row of icon buttons and "More". */
export const fullSocialButtons = 4
/** In the icon row, this many show before "More". */
const rowSocials = 4

/**
 * The Connect view's social section: one accessible button per social login in the configured
 * order ("Continue with Google" …); with more than four, the first is a full button and the rest
 * a row of labelled icon buttons with "More". A click opens the popup at once (popup blockers
 * allow only that), shows ConnectingSocial (ConnectingFarcaster for Farcaster) and starts the login.
 *
 * @example
 * portico.connectMethods.get('social')?.load()
 */
export const SocialSection = observer(function SocialSection() {
  useStylesheet(viewsStylesheet)
  const t = useTranslate()
  const { store, settings } = useAuth()
  const [expanded, setExpanded] = useState(false)
  const moreId = useId()
  const socials = settings?.socials() ?? []
  if (!store || socials.length === 0) return null

  const start = (provider: string) => {
    // Synchronously in the click: a popup opened after an await is blocked.
    const popup = openPopup()
    settings?.navigate(provider === 'farcaster' ? authViews.connectingFarcaster : authViews.connectingSocial, { provider })
    void store.startSocial(provider, popup)
  }
  const full = (provider: string) => (
    <button key={provider} type="button" className="portico-auth__social" onClick={() => start(provider)}>
      <SocialIcon provider={provider} />
      <span className="portico-auth__social-label">{t('auth.social.continueWith', { provider: socialName(provider) })}</span>
    </button>
  )
  const icon = (provider: string) => (
    <li key={provider}>
      <button type="button" className="portico-auth__social-icon-button" aria-label={t('auth.social.continueWith', { provider: socialName(provider) })} title={socialName(provider)} onClick={() => start(provider)}>
        <SocialIcon provider={provider} />
      </button>
    </li>
  )

  if (socials.length <= fullSocialButtons) {
    return (
      <div className="portico-auth__socials" role="group" aria-label={t('auth.social.group')}>
        {socials.map(full)}
      </div>
    )
  }
  const [first, ...rest] = socials as [string, ...string[]]
  const row = rest.slice(0, rowSocials)
  const hidden = rest.slice(rowSocials)
  return (
    <div className="portico-auth__socials" role="group" aria-label={t('auth.social.group')}>
      {full(first)}
      <ul className="portico-auth__social-row">
        {row.map(icon)}
        {hidden.length > 0 ? (
          <li>
            <button type="button" className="portico-auth__social-more" aria-expanded={expanded} aria-controls={moreId} onClick={() => setExpanded((open) => !open)}>
              {t(expanded ? 'auth.social.less' : 'auth.social.more')}
            </button>
          </li>
        ) : null}
      </ul>
      {hidden.length > 0 ? (
        <ul id={moreId} className="portico-auth__social-row" hidden={!expanded}>
          {hidden.map(icon)}
        </ul>
      ) : null}
    </div>
  )
})
