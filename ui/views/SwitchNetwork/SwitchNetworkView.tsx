import { observer } from 'mobx-react-lite'
import type { Network } from '../../../kernel/kernel.js'
import { Button } from '../../components/Button/Button.js'
import { StatusPanel } from '../../components/StatusPanel/StatusPanel.js'
import { useAnnounce } from '../../hooks/useAnnounce.js'
import { useAttempt } from '../../hooks/useAttempt.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { describeError } from '../../utils/describeError.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'

/**
 * Switching network: "Approve in wallet" while the wallet asks; a refusal or failure shows
 * "Switch declined" with "Try again"; on success it goes back to the view before the network
 * list (Networks or UnsupportedChain), closing the modal when the list was the first view.
 *
 * @example
 * portico.stores.router.push('SwitchNetwork', { network })
 */
export const SwitchNetworkView = observer(function SwitchNetworkView() {
  const portico = usePortico()
  const t = useTranslate()
  const { router } = portico.stores
  const network = router.data?.network as Network | undefined
  const valid = Boolean(network && typeof network.caipNetworkId === 'string' && typeof network.name === 'string')
  const { state, retry } = useAttempt(valid && network ? () => portico.switchNetwork(network) : undefined, () => {
    if (router.view !== 'SwitchNetwork') return
    // Back past the list the network was chosen from (or close when nothing was before it).
    const from = router.history.findIndex((view) => view === 'Networks' || view === 'UnsupportedChain')
    if (from > 0) router.goBackToIndex(from - 1)
    else if (from === 0) portico.close()
    else portico.back()
  })
  const failure = state.status === 'error' ? describeError(state.error) : undefined
  const heading = !valid ? t('view.switchNetwork.missing') : failure ? t('view.switchNetwork.declined') : t('view.switchNetwork.waiting')
  useAnnounce(heading)
  if (!valid || !network) return <StatusPanel tone="error" heading={heading} />
  const image = { src: networkImageSrc(portico, network), name: network.name }
  if (failure) {
    return (
      <StatusPanel tone="error" heading={heading} hint={failure.rejected ? t('view.switchNetwork.declinedHint') : (failure.detail ?? t('view.switchNetwork.declinedHint'))} image={image}>
        <Button onClick={retry}>{t('modal.retry')}</Button>
      </StatusPanel>
    )
  }
  return <StatusPanel tone="waiting" heading={heading} hint={t('view.switchNetwork.waitingHint', { network: network.name })} image={image} />
})
