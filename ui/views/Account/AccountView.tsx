import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { accountActionOrder, safeHttpUrl, type AccountAction } from '../../../kernel/index.js'
import { AccountAvatar } from '../../components/AccountAvatar/AccountAvatar.js'
import { AccountTabs } from '../../components/AccountTabs/AccountTabs.js'
import { Button } from '../../components/Button/Button.js'
import { Icon, isIconName } from '../../components/Icon/Icon.js'
import { IconButton } from '../../components/IconButton/IconButton.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { WalletIcon } from '../../components/WalletIcon/WalletIcon.js'
import { useFormat } from '../../hooks/useFormat.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'
import { refreshBalance } from '../../utils/refreshBalance.js'
import { truncateAddress } from '../../utils/truncateAddress.js'

/**
 * The Account view: the short address with a copy button, the balance (3 decimals, truncated),
 * the total USD value, the action row (plugins' actions such as Buy and Swap from
 * `portico.accountActions`, and Send, which opens WalletSend), the network (opens Networks), a link to the block
 * explorer when the network has one, Disconnect, and the Tokens / NFTs / Activity tabs.
 *
 * @example
 * portico.open({ view: 'Account' })
 */
export const AccountView = observer(function AccountView() {
  const portico = usePortico()
  const t = useTranslate()
  const format = useFormat()
  const { connections, networks, accounts, toasts, router } = portico.stores
  const namespace = networks.activeNamespace
  const address = connections.address(namespace)
  const caipAddress = connections.caipAddress(namespace)
  const connection = connections.get(namespace)
  const network = networks.find(connection.caipNetworkId) ?? networks.activeNetwork
  const account = accounts.get(namespace)
  const [disconnecting, setDisconnecting] = useState(false)
  const { features } = portico.stores.options
  const canSend = features.send && Boolean(portico.hooks.send.get(namespace)?.isUsed())
  const total = account.tokenBalances ? format.usd(accounts.totalValue(namespace)) : undefined
  // Plugins' actions (Buy, Swap …) and the built-in Send, in the spec's order of wallet features.
  const send: AccountAction = { id: 'send', owner: 'ui', label: 'view.account.send', view: 'WalletSend', icon: 'send', order: accountActionOrder.send }
  const actions = [...portico.accountActions.list(namespace).filter((a) => a.id !== send.id && portico.views.has(a.view)), ...(canSend ? [send] : [])].sort(
    (a, b) => (a.order ?? accountActionOrder.send) - (b.order ?? accountActionOrder.send),
  )

  useEffect(() => {
    if (caipAddress) void refreshBalance(portico, namespace, caipAddress)
  }, [portico, namespace, caipAddress])

  if (!address) return <p className="portico-account__empty">{t('view.account.notConnected')}</p>

  const explorer = network?.blockExplorers?.default
  const explorerBase = explorer ? safeHttpUrl(explorer.url) : undefined
  const explorerUrl = explorerBase ? `${explorerBase.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}` : undefined

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      toasts.showSuccess(t('view.account.copied'))
    } catch {
      toasts.showError(t('view.account.copyFailed'))
    }
  }
  const disconnect = async () => {
    setDisconnecting(true)
    try {
      await portico.disconnect(namespace)
    } catch {
      toasts.showError(t('view.account.disconnectFailed'))
    } finally {
      setDisconnecting(false)
    }
  }

  return (
    <div className="portico-account">
      <AccountAvatar address={address} />
      <div className="portico-account__address-row">
        <span className="portico-account__address" title={address}>
          <span className="portico-visually-hidden">{t('view.account.address')} </span>
          {truncateAddress(address)}
        </span>
        <IconButton icon="copy" label={t('view.account.copy')} onClick={() => void copy()} />
      </div>
      <p className="portico-account__balance" aria-busy={account.balanceLoading || undefined}>
        <span className="portico-visually-hidden">{t('view.account.balance')} </span>
        {account.balance !== undefined ? (
          format.amount(account.balance, account.balanceSymbol)
        ) : account.balanceLoading ? (
          <>
            <Spinner /> <span className="portico-account__muted">{t('view.account.balanceLoading')}</span>
          </>
        ) : (
          format.amount(undefined, network?.nativeCurrency.symbol)
        )}
      </p>
      {total !== undefined ? (
        <p className="portico-account__total">
          <span className="portico-visually-hidden">{t('view.account.totalValue')}: </span>
          {total}
        </p>
      ) : null}
      <div className="portico-account__actions">
        {actions.map((action) => (
          <Button key={action.id} onClick={() => router.push(action.view)}>
            {action.icon && isIconName(action.icon) ? <Icon name={action.icon} /> : null}
            {t(action.label)}
          </Button>
        ))}
        {network ? (
          <button
            type="button"
            className="portico-account__row"
            onClick={() => router.push('Networks')}
          >
            <WalletIcon src={networkImageSrc(portico, network)} name={network.name} size="small" />
            <span className="portico-account__row-label">
              <span className="portico-visually-hidden">{t('view.account.network')}: </span>
              {network.name}
            </span>
            <Icon name="chevron" />
          </button>
        ) : null}
        {explorerUrl && explorer ? (
          <a className="portico-account__row portico-account__link" href={explorerUrl} target="_blank" rel="noopener noreferrer">
            <Icon name="external" />
            <span className="portico-account__row-label">{t('view.account.explorer', { explorer: explorer.name })}</span>
          </a>
        ) : null}
        <Button variant="danger" onClick={() => void disconnect()} busy={disconnecting} disabled={disconnecting}>
          {t('view.account.disconnect')}
        </Button>
      </div>
      <AccountTabs namespace={namespace} networkName={network?.name ?? ''} />
    </div>
  )
})
