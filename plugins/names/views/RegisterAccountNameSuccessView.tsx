import { observer } from 'mobx-react-lite'

import { Button, Icon, useHideBack, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { NamesSettings } from '../names.js'

/**
 * RegisterAccountNameSuccess (spec §2): the name just registered, and the way back to the account
 * (which shows it from now on). No Back arrow: the name is registered, its button leads on.
 *
 * @example
 * // shown by RegisterAccountName after the zone registered the name
 */
export const RegisterAccountNameSuccessView = observer(function RegisterAccountNameSuccessView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  useHideBack(true)
  const data = portico.stores.router.data as { name?: unknown } | undefined
  const name = typeof data?.name === 'string' ? data.name : (portico.stores.accounts.get('eip155').profileName ?? '')
  return (
    <div className="portico-names portico-names--success">
      <p className="portico-names__success" role="status">
        <Icon name="check" /> {t('names.success', { name })}
      </p>
      <p className="portico-names__status portico-names__status--muted">{t('names.successHint')}</p>
      <Button onClick={() => portico.getStore<NamesSettings>('names')?.backToAccount()}>{t('names.done')}</Button>
    </div>
  )
})
