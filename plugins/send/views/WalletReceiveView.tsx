import { observer } from 'mobx-react-lite'
import { Button, QrCode, usePortico, useTranslate, useStylesheet } from '../../../ui/kit.js'
import { viewsStylesheet } from './viewsStylesheet.js'
import type { SendPluginStore } from '../send.js'

/**
 * The Receive view (WalletReceive): the connected address as a QR code a phone wallet scans, the
 * whole address to read or copy, and which network's assets may be sent to it. Nothing is
 * requested: it shows what the connection already holds.
 *
 * @example
 * portico.open({ view: 'WalletReceive' })
 */
export const WalletReceiveView = observer(function WalletReceiveView() {
  useStylesheet(viewsStylesheet)
  const portico = usePortico()
  const t = useTranslate()
  const { networks, connections } = portico.stores
  // Toasts go through the plugin's context, as every change of kernel state does.
  const context = portico.getStore<SendPluginStore>('send')?.context
  const namespace = networks.activeNamespace
  const address = connections.address(namespace)
  const network = networks.find(connections.get(namespace).caipNetworkId) ?? networks.activeNetwork
  if (!address) return <p className="portico-receive__note">{t('view.account.notConnected')}</p>
  const networkName = network?.name ?? namespace

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      context?.showToast({ variant: 'success', message: 'send.receive.copied' })
    } catch {
      context?.showToast({ variant: 'error', message: 'send.receive.copyFailed' })
    }
  }

  return (
    <div className="portico-receive">
      <figure className="portico-qr portico-receive__qr">
        <QrCode value={address} label={t('send.receive.qrLabel', { network: networkName })} />
      </figure>
      <p className="portico-receive__address">{address}</p>
      <Button onClick={() => void copy()}>{t('send.receive.copy')}</Button>
      <p className="portico-receive__note">{t('send.receive.note', { network: networkName })}</p>
    </div>
  )
})
