import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import type { ChainNamespace, WalletConnection } from '../../../kernel/kernel.js'
import { Button } from '../../components/Button/Button.js'
import { Icon } from '../../components/Icon/Icon.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { Tabs } from '../../components/Tabs/Tabs.js'
import { WalletIcon } from '../../components/WalletIcon/WalletIcon.js'
import { useAnnounce } from '../../hooks/useAnnounce.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { describeError } from '../../utils/describeError.js'
import { truncateAddress } from '../../utils/truncateAddress.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'

/**
 * ProfileWallets (spec §2, §6): the wallets connected in each namespace — the active one, which
 * signs, and, with the site's `multiWallet` feature on, the ones kept connected beside it, each
 * with **Switch** and **Disconnect** — and **Add wallet**. With the feature off, adding a second
 * wallet shows 'Multi-Wallet Not Enabled'.
 *
 * @example
 * portico.open({ view: 'ProfileWallets' })
 */
export const ProfileWalletsView = observer(function ProfileWalletsView() {
  const portico = usePortico()
  const t = useTranslate()
  const { connections, networks, router, alerts, wallets } = portico.stores
  const connected = connections.connectedNamespaces
  const [picked, setPicked] = useState<ChainNamespace>(networks.activeNamespace)
  const namespace = connected.includes(picked) ? picked : (connected[0] ?? networks.activeNamespace)
  const [busy, setBusy] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  useAnnounce(failure)
  const list = portico.getConnections(namespace)
  const multiWallet = portico.stores.options.remoteFeatures.multiWallet === true

  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key)
    setFailure(undefined)
    try {
      await action()
    } catch (error) {
      const described = describeError(error)
      const heading = (error as { shortMessage?: string }).shortMessage ?? t('view.profileWallets.failed')
      setFailure(described.detail ? `${heading} · ${described.detail}` : heading)
    } finally {
      setBusy(undefined)
    }
  }
  const addWallet = () => {
    if (!multiWallet) {
      alerts.notice('MULTI_WALLET_NOT_ENABLED')
      return
    }
    router.push('Connect')
  }
  const label = (connection: WalletConnection) => connection.name ?? wallets.find(connection.connectorId, namespace)?.name ?? connection.connectorId
  const chainName = (ns: ChainNamespace) => {
    const key = `${ns}.chainName`
    const name = t(key)
    return name === key ? ns : name
  }

  const body = (
    <>
      {list.length === 0 ? <p className="portico-profile-wallets__empty">{t('view.profileWallets.none')}</p> : null}
      <ul className="portico-profile-wallets__list">
        {list.map((connection) => {
          const name = label(connection)
          const connector = wallets.find(connection.connectorId, namespace)
          return (
            <li key={connection.connectorId} className={connection.active ? 'portico-profile-wallets__item portico-profile-wallets__item--active' : 'portico-profile-wallets__item'}>
              <WalletIcon src={connector ? walletImageSrc(portico, connector) : connection.imageUrl} name={name} size="small" />
              <span className="portico-profile-wallets__who">
                <span className="portico-profile-wallets__name">{name}</span>
                <span className="portico-profile-wallets__address" title={connection.address}>
                  {truncateAddress(connection.address)}
                </span>
              </span>
              {connection.active ? (
                <span className="portico-profile-wallets__badge">{t('view.profileWallets.active')}</span>
              ) : (
                <button
                  type="button"
                  className="portico-profile-wallets__switch"
                  aria-label={t('view.profileWallets.switchTo', { wallet: name })}
                  disabled={busy !== undefined}
                  aria-busy={busy === `switch:${connection.connectorId}` || undefined}
                  onClick={() => void run(`switch:${connection.connectorId}`, () => portico.switchConnection({ namespace, connectorId: connection.connectorId }))}
                >
                  {busy === `switch:${connection.connectorId}` ? <Spinner /> : null}
                  {t('view.profileWallets.switch')}
                </button>
              )}
              <button
                type="button"
                className="portico-profile-wallets__disconnect"
                aria-label={t('view.profileWallets.disconnect', { wallet: name })}
                title={t('view.profileWallets.disconnect', { wallet: name })}
                disabled={busy !== undefined}
                aria-busy={busy === `delete:${connection.connectorId}` || undefined}
                onClick={() =>
                  void run(`delete:${connection.connectorId}`, () =>
                    // With one wallet (or the feature off), Disconnect ends the namespace's connection.
                    list.length > 1 ? portico.deleteConnection({ namespace, connectorId: connection.connectorId }) : portico.disconnect(namespace),
                  )
                }
              >
                {busy === `delete:${connection.connectorId}` ? <Spinner /> : <Icon name="disconnect" />}
              </button>
            </li>
          )
        })}
      </ul>
      {failure ? (
        <p className="portico-profile-wallets__error" role="alert">
          {failure}
        </p>
      ) : null}
      <Button variant="secondary" onClick={addWallet}>
        {t('view.profileWallets.add')}
      </Button>
      <p className="portico-profile-wallets__hint">{multiWallet ? t('view.profileWallets.hint') : t('view.profileWallets.hintSingle')}</p>
    </>
  )

  return (
    <div className="portico-profile-wallets">
      {connected.length > 1 ? (
        <Tabs label={t('view.profileWallets.chains')} tabs={connected.map((ns) => ({ id: ns, label: chainName(ns) }))} selected={namespace} onSelect={(id) => setPicked(id)}>
          {body}
        </Tabs>
      ) : (
        body
      )}
    </div>
  )
})
