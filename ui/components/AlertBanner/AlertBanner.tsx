import { observer } from 'mobx-react-lite'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { IconButton } from '../IconButton/IconButton.js'

/**
 * Alerts are worded in English once, by the kernel (`kernel/errors/alerts.ts`); other locales
 * translate them as `alert.<code>.title` and `alert.<code>.description`.
 *
 * The newest alert (APKT001–APKT010 or a configuration warning) with a dismiss button.
 *
 * @example
 * <AlertBanner />
 */
export const AlertBanner = observer(function AlertBanner() {
  const portico = usePortico()
  const t = useTranslate()
  const alert = portico.stores.alerts.current
  if (!alert) return null
  return (
    <div className="portico-alert" role="alert">
      <p className="portico-alert__text">
        <strong>{t(`alert.${alert.code}.title`, undefined, alert.shortMessage)}</strong> <span>{t(`alert.${alert.code}.description`, undefined, alert.longMessage)}</span>
      </p>
      <IconButton icon="close" label={t('modal.dismissAlert')} onClick={() => portico.stores.alerts.dismiss()} />
    </div>
  )
})
