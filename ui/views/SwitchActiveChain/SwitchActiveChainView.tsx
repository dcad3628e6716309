import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import type { Network, View } from '../../../kernel/index.js'
import { Button } from '../../components/Button/Button.js'
import { StatusPanel } from '../../components/StatusPanel/StatusPanel.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { describeError } from '../../utils/describeError.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'

/**
 * Confirms moving to a network of another namespace where no wallet is connected yet: confirm
 * switches and goes to Connect for that namespace; cancel goes back.
 *
 * @example
 * portico.selectNetwork(solanaDevnet) // while connected on eip155
 */
export const SwitchActiveChainView = observer(function SwitchActiveChainView() {
  const portico = usePortico()
  const t = useTranslate()
  const { router } = portico.stores
  const data = router.data ?? {}
  const network = data.network as Network | undefined
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  if (!network || typeof network.name !== 'string') return <StatusPanel tone="error" heading={t('view.switchNetwork.missing')} />
  const confirm = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await portico.switchNetwork(network)
      const target = (typeof data.navigateTo === 'string' ? data.navigateTo : 'Connect') as View
      if (data.navigateWithReplace) router.replace(target)
      else router.push(target)
    } catch (cause) {
      setError(describeError(cause).detail ?? t('view.switchNetwork.declined'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <StatusPanel
      tone={error ? 'error' : 'info'}
      heading={t('view.switchActiveChain.heading', { network: network.name })}
      hint={error ?? t('view.switchActiveChain.body', { network: network.name })}
      image={{ src: networkImageSrc(portico, network), name: network.name }}
    >
      <Button variant="secondary" onClick={() => portico.back()}>
        {t('view.switchActiveChain.cancel')}
      </Button>
      <Button onClick={() => void confirm()} busy={busy} disabled={busy}>
        {t('view.switchActiveChain.confirm')}
      </Button>
    </StatusPanel>
  )
})
