import { observer } from 'mobx-react-lite'

import { SuccessScreen, useAnnounce, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { NamesSettings } from '../names.js'

/**
 * RegisterAccountNameSuccess (spec §2): the name just registered, and the way back to the account
 * (which shows it from now on), on the UI kit's success screen (no Back arrow: the name is
 * registered, its button leads on).
 *
 * @example
 * // shown by RegisterAccountName after the zone registered the name
 */
export const RegisterAccountNameSuccessView = observer(function RegisterAccountNameSuccessView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const data = portico.stores.router.data as { name?: unknown } | undefined
  const name = typeof data?.name === 'string' ? data.name : (portico.stores.accounts.get('eip155').profileName ?? '')
  const heading = t('names.success', { name })
  useAnnounce(heading)
  return (
    <div className="portico-names portico-names--success">
      <SuccessScreen heading={heading} hint={t('names.successHint')} done={{ label: t('names.done'), onClick: () => portico.getStore<NamesSettings>('names')?.backToAccount() }} />
    </div>
  )
})
