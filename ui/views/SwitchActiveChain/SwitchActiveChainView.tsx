import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import type { Network, Portico, View, WalletConnector } from '../../../kernel/kernel.js'
import { Button } from '../../components/Button/Button.js'
import { StatusPanel } from '../../components/StatusPanel/StatusPanel.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { describeError } from '../../utils/describeError.js'
import { memberFor } from '../../utils/chainBadges.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'
import { connectMember } from '../../utils/selectConnector.js'

/** The connected wallet's own connector for `network`'s namespace, when the same wallet serves it. */
function sameWalletFor(portico: Portico, network: Network): WalletConnector | undefined {
  const { connections, networks, wallets } = portico.stores
  const connectorId = connections.get(networks.activeNamespace).connectorId
  if (connectorId === undefined) return undefined
  const merged = wallets.merged.find((w) => (w.connectors ?? [w]).some((c) => c.id === connectorId && c.namespace === networks.activeNamespace))
  return merged ? memberFor(merged, network.chainNamespace) : undefined
}

/**
 * Confirms moving to a network of another namespace where no wallet is connected yet: confirm
 * switches and goes to Connect for that namespace, or, when the connected wallet also serves
 * it, connects that wallet there; cancel goes back.
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
  const same = network && typeof network.name === 'string' ? sameWalletFor(portico, network) : undefined
  if (!network || typeof network.name !== 'string') return <StatusPanel tone="error" heading={t('view.switchNetwork.missing')} />
  const confirm = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await portico.switchNetwork(network)
      if (same) return connectMember(portico, same, 'replace')
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
      hint={error ?? (same ? t('view.switchActiveChain.sameWallet', { wallet: same.name, network: network.name }) : t('view.switchActiveChain.body', { network: network.name }))}
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
