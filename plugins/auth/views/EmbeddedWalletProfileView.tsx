import { observer } from 'mobx-react-lite'
import { Button, Icon, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import { describeAuthError } from './describeAuthError.js'
import { authViews } from '../constants.js'
import { socialName } from './socialProviders.js'
import { useAuth } from './useAuth.js'

const namespaceNames: Record<string, string> = { eip155: 'EVM', solana: 'Solana' }

/**
 * EmbeddedWalletProfile ("Wallet & login"): how the visitor logged in, the embedded wallet's address on each
 * namespace (with copy), and the way to "Update email" (email logins) and "Export private key".
 *
 * @example
 * portico.open({ view: 'EmbeddedWalletProfile' })
 */
export const EmbeddedWalletProfileView = observer(function EmbeddedWalletProfileView() {
  useStylesheet(viewsStylesheet)
  const t = useTranslate()
  const { store, settings } = useAuth()
  if (!store) return null
  if (!store.loggedIn || !store.user || !store.accounts) return <p className="portico-auth__intro">{t('auth.error.notConnected')}</p>
  const { user, accounts } = store
  // Each account's label: its namespace's name, and the EVM smart account's in the visitor's language.
  const labelOf = (key: string) => (key === 'eip155SmartAccount' ? `EVM ${t('auth.profile.smartAccount')}` : (namespaceNames[key] ?? key))
  const who = user.provider === 'email' ? user.email : (user.handle ?? user.email ?? user.name)
  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address)
      settings?.notify('success', t('auth.profile.copied'))
    } catch {
      settings?.notify('error', t('view.account.copyFailed'))
    }
  }
  return (
    <div className="portico-auth">
      <p className="portico-auth__intro">
        {user.provider === 'email' ? t('auth.profile.loggedInWith', { provider: t('auth.email.label') }) : t('auth.profile.loggedInWith', { provider: socialName(user.provider) })}
        {who ? (
          <>
            {' · '}
            <span className="portico-auth__who">{who}</span>
          </>
        ) : null}
      </p>
      <h3 className="portico-auth__heading">{t('auth.profile.addresses')}</h3>
      <ul className="portico-auth__addresses">
        {(Object.entries(accounts) as [string, string][]).map(([key, address]) => (
          <li key={key} className="portico-auth__address">
            <span className="portico-auth__address-namespace">{labelOf(key)}</span>
            <code className="portico-auth__address-value">{address}</code>
            <button type="button" className="portico-auth__copy" aria-label={t('auth.profile.copy', { namespace: labelOf(key) })} onClick={() => void copy(address)}>
              <Icon name="copy" />
            </button>
          </li>
        ))}
      </ul>
      {store.recovery ? (
        <p className="portico-auth__intro" data-recovery={store.recovery}>
          {store.recovery === 'protected' ? t('auth.recovery.protected') : t('auth.recovery.unprotected')}
        </p>
      ) : null}
      {store.recoveryError ? (
        <p className="portico-auth__error" role="alert">
          {describeAuthError(store.recoveryError, t)}
        </p>
      ) : null}
      <div className="portico-auth__profile-actions">
        {store.recovery === 'server' ? (
          <Button variant="primary" disabled={store.protectingRecovery} onClick={() => void store.protectRecovery()}>
            {t('auth.recovery.protect')}
          </Button>
        ) : null}
        {user.provider === 'email' ? (
          <Button variant="secondary" onClick={() => settings?.navigate(authViews.updateEmail)}>
            {t('auth.profile.updateEmail')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => settings?.navigate(authViews.exportKey)}>
          {t('auth.profile.export')}
        </Button>
      </div>
    </div>
  )
})
