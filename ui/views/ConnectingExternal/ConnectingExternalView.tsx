import { observer } from 'mobx-react-lite'
import type { View, WalletConnector } from '../../../kernel/kernel.js'
import { Button } from '../../components/Button/Button.js'
import { StatusPanel } from '../../components/StatusPanel/StatusPanel.js'
import { useAnnounce } from '../../hooks/useAnnounce.js'
import { useAttempt } from '../../hooks/useAttempt.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { closeAfterConnect } from '../../utils/closeAfterConnect.js'
import { describeError } from '../../utils/describeError.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'

function readConnector(data: Record<string, unknown> | undefined): WalletConnector | undefined {
  const connector = data?.connector as WalletConnector | undefined
  return connector && typeof connector.id === 'string' && typeof connector.name === 'string' ? connector : undefined
}

/**
 * Connecting a browser wallet: "Continue in <wallet>" while the wallet asks the visitor; a
 * rejection shows "Connection rejected" and any other failure "Failed to connect" with the
 * reason, each with "Try again". On success the modal closes (or goes to `redirectView`, or back
 * to ProfileWallets when the visitor came from there to add a wallet).
 *
 * @example
 * portico.stores.router.push('ConnectingExternal', { connector })
 */
export const ConnectingExternalView = observer(function ConnectingExternalView() {
  const portico = usePortico()
  const t = useTranslate()
  const { router } = portico.stores
  const connector = readConnector(router.data)
  const { state, retry } = useAttempt(
    connector ? () => portico.connect({ namespace: connector.namespace, connectorId: connector.id }) : undefined,
    () => {
      if (router.view !== 'ConnectingExternal') return // e.g. UnsupportedChain opened meanwhile
      const redirect = router.data?.redirectView
      if (typeof redirect === 'string') router.replace(redirect as View)
      else closeAfterConnect(portico)
    },
  )
  const failure = state.status === 'error' ? describeError(state.error) : undefined
  const heading = !connector
    ? t('view.connectingExternal.missing')
    : failure
      ? failure.rejected
        ? t('view.connectingExternal.rejected')
        : t('view.connectingExternal.failed')
      : t('view.connectingExternal.waiting', { wallet: connector.name })
  useAnnounce(heading)
  if (!connector) return <StatusPanel tone="error" heading={heading} />
  const image = { src: walletImageSrc(portico, connector), name: connector.name }
  if (failure) {
    return (
      <StatusPanel
        tone="error"
        heading={heading}
        hint={failure.rejected ? t('view.connectingExternal.rejectedHint') : failure.detail}
        image={image}
      >
        <Button onClick={retry}>{t('modal.retry')}</Button>
      </StatusPanel>
    )
  }
  return <StatusPanel tone="waiting" heading={heading} hint={t('view.connectingExternal.waitingHint')} image={image} />
})
