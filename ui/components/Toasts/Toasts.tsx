import { observer } from 'mobx-react-lite'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'

/**
 * The toast (one at a time, from `portico.stores.toasts`) in a polite live region that is always
 * present, so a new message is announced. The kernel and plugins raise message keys; the toast
 * shows their translation (a text that is no key shows as it is), and its link (a transaction on
 * the explorer) when it has one.
 *
 * @example
 * <Toasts />
 */
export const Toasts = observer(function Toasts() {
  const portico = usePortico()
  const t = useTranslate()
  const { open, message, variant, link } = portico.stores.toasts
  return (
    <div className="portico-toasts" role="status" aria-live="polite" aria-label={t('toast.region')} data-portico-toasts="">
      {open && message ? (
        <div className={`portico-toast portico-toast--${variant}`} data-variant={variant}>
          {t(message)}
          {link ? (
            <>
              {' '}
              <a className="portico-toast__link" href={link.href} target="_blank" rel="noopener noreferrer">
                {t(link.label)}
              </a>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  )
})
