import { observer } from 'mobx-react-lite'
import { useEffect, useId, useState } from 'react'
import { safeHttpUrl, type AccountAction } from '../../../kernel/kernel.js'
import { AccountAvatar } from '../../components/AccountAvatar/AccountAvatar.js'
import { AccountTabs } from '../../components/AccountTabs/AccountTabs.js'
import { Button } from '../../components/Button/Button.js'
import { Icon, isIconName } from '../../components/Icon/Icon.js'
import { Spinner } from '../../components/Spinner/Spinner.js'
import { WalletIcon } from '../../components/WalletIcon/WalletIcon.js'
import { useFormat } from '../../hooks/useFormat.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useTranslate } from '../../hooks/useTranslate.js'
import { networkImageSrc } from '../../utils/networkImageSrc.js'
import { walletImageSrc } from '../../utils/walletImageSrc.js'
import { refreshBalance } from '../../utils/refreshBalance.js'
import { formatConnectionUser } from '../../utils/formatConnectionUser.js'
import { truncateAddress } from '../../utils/truncateAddress.js'
import { showsWalletsRow } from '../../utils/showsWalletsRow.js'
import { loadView } from '../../modal/viewComponents.js'

/**
 * The Account view. Its header: the account's avatar (its name service's picture, else one drawn
 * from the address) with the connected wallet's icon, its name when a name service or the login gave
 * one, the short address with its tools beside it as icon buttons (copy the address, the block
 * explorer when the network has one), the wallet it is connected with, and Disconnect at the
 * header's end. Then the balance (3 decimals, truncated) and the total USD value with the plugins'
 * status badges (`portico.accountBadges`, e.g. "Signed in") at the line's end; the action row
 * (plugins' actions such as Buy and Swap from `portico.accountActions`: Send with the send plugin;
 * an action may run instead of opening a view, e.g. `portico/calls`'s account-type switch); the
 * network (opens Networks), the wallets (opens ProfileWallets: switch, add or disconnect wallets;
 * shown with more than one wallet or the `multiWallet` feature on) and the quieter actions (`placement:
 * 'row'`: Register a name, the embedded wallet's "Wallet & login") as compact chips; and the
 * Tokens / NFTs / Activity tabs, in view without scrolling on a desktop and a phone
 * (docs/design.md, "The Account view").
 *
 * @example
 * portico.open({ view: 'Account' })
 */
export const AccountView = observer(function AccountView() {
  const portico = usePortico()
  const t = useTranslate()
  const format = useFormat()
  const { connections, networks, accounts, toasts, router, wallets } = portico.stores
  const namespace = networks.activeNamespace
  const address = connections.address(namespace)
  const caipAddress = connections.caipAddress(namespace)
  const connection = connections.get(namespace)
  const network = networks.find(connection.caipNetworkId) ?? networks.activeNetwork
  const account = accounts.get(namespace)
  const [disconnecting, setDisconnecting] = useState(false)
  const [running, setRunning] = useState<string>()
  const pickerId = useId()
  const total = account.tokenBalances ? format.usd(accounts.totalValue(namespace)) : undefined
  // Plugins' actions (Buy, Swap, Send …), in the spec's order of wallet features; one that runs needs the account it runs for.
  const actionAccount = address && connection.caipNetworkId ? { namespace, caipNetworkId: connection.caipNetworkId, address } : undefined
  const offered = portico.accountActions.list(namespace, actionAccount).filter((a) => (a.view ? portico.views.has(a.view) : a.run && actionAccount))
  const actions = offered.filter((a) => a.placement !== 'row')
  // Quieter actions (Register a name) sit as rows under the network row, not among Buy/Swap/Send.
  const rows = offered.filter((a) => a.placement === 'row')

  useEffect(() => {
    if (caipAddress) void refreshBalance(portico, namespace, caipAddress)
  }, [portico, namespace, caipAddress])
  // The views the actions open (Buy, Swap, Send, Register a name) load in the background, so a
  // click shows its view at once, at its own height (docs/design.md, "How a view may grow").
  const actionViews = offered.map((a) => a.view).filter((view) => view !== undefined).join(' ')
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const view of actionViews.split(' ')) {
        const descriptor = view ? portico.views.get(view) : undefined
        if (descriptor) void loadView(descriptor).catch(() => undefined)
      }
    }, 0)
    return () => clearTimeout(timer)
  }, [portico, actionViews])

  if (!address) return <p className="portico-account__empty">{t('view.account.notConnected')}</p>

  // The address's page on the network's explorer, as the namespace's chain plugin builds it
  // (its explorers know their paths); a generic `/address/` link where no plugin builds one.
  const explorer = network?.blockExplorers?.default
  const explorerBase = explorer ? safeHttpUrl(explorer.url) : undefined
  const explorerUrl = portico.explorers.addressUrl(network, address) ?? (explorerBase ? `${explorerBase.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}` : undefined)

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

  const wallet = connection.connectorId ? wallets.find(connection.connectorId, namespace) : undefined
  // What the wallet calls the account, when no name service named it.
  const name = account.profileName ?? connection.accounts[0]?.name ?? formatConnectionUser(account.user)
  // A wallet that signs for every account it shared lets the visitor pick the active one here.
  const pickable = connection.accounts.length > 1 && portico.chains.has(namespace, 'selectAccount')
  // An action opens its view, or runs (busy until it settles; the plugin tells of a failure itself).
  const select = async (action: AccountAction) => {
    if (action.view) return router.push(action.view)
    setRunning(action.id)
    try {
      await action.run?.(actionAccount!)
    } catch (error) {
      portico.reportError(error, { namespace, action: action.id })
    } finally {
      setRunning(undefined)
    }
  }
  // The namespace's wallets (ProfileWallets): several only with the multiWallet feature on.
  const walletCount = portico.getConnections(namespace).length
  const showsWallets = showsWalletsRow(portico)
  const badges = connection.caipNetworkId ? portico.accountBadges.showing({ namespace, caipNetworkId: connection.caipNetworkId, address }) : []

  return (
    <div className="portico-account">
      {/* The header: who (avatar, name, address, wallet) with the address's tools beside it (copy,
          the explorer) and Disconnect at its end, as compact icon buttons (docs/design.md, "The Account view"). */}
      <div className="portico-account__header">
        <div className="portico-account__identity">
          {account.profileImage ? <img className="portico-account__avatar-image" src={account.profileImage} alt="" width={48} height={48} referrerPolicy="no-referrer" /> : <AccountAvatar address={address} size={48} />}
          {wallet ? (
            <span className="portico-account__wallet-badge" title={wallet.name}>
              <WalletIcon src={walletImageSrc(portico, wallet)} name={wallet.name} size="small" />
            </span>
          ) : null}
        </div>
        <div className="portico-account__who">
          {name ? (
            <p className="portico-account__name" title={!account.profileName && account.user?.email ? account.user.email : undefined}>
              <span className="portico-visually-hidden">{t('view.account.name')} </span>
              {name}
            </p>
          ) : null}
          <div className="portico-account__address-line">
            <p className={name ? 'portico-account__address portico-account__address--secondary' : 'portico-account__address'} title={address}>
              <span className="portico-visually-hidden">{t('view.account.address')} </span>
              {truncateAddress(address)}
            </p>
            <button type="button" className="portico-account__tool" onClick={() => void copy()} aria-label={t('view.account.copy')} title={t('view.account.copy')}>
              <Icon name="copy" />
            </button>
            {explorerUrl && explorer ? (
              <a className="portico-account__tool" href={explorerUrl} target="_blank" rel="noopener noreferrer" aria-label={t('view.account.explorer', { explorer: explorer.name })} title={t('view.account.explorer', { explorer: explorer.name })}>
                <Icon name="external" />
              </a>
            ) : null}
          </div>
          {wallet ? (
            <p className="portico-account__wallet" title={t('view.account.connectedWith', { wallet: connection.walletName ?? wallet.name })}>
              {t('view.account.connectedWith', { wallet: connection.walletName ?? wallet.name })}
            </p>
          ) : null}
        </div>
        <button type="button" className="portico-account__tool portico-account__tool--danger" onClick={() => void disconnect()} disabled={disconnecting} aria-busy={disconnecting || undefined} aria-label={t('view.account.disconnect')} title={t('view.account.disconnect')}>
          {disconnecting ? <Spinner /> : <Icon name="disconnect" />}
        </button>
      </div>
      {pickable ? (
        <div className="portico-account__picker">
          <label className="portico-account__picker-label" htmlFor={pickerId}>
            {t('view.account.switchAccount')}
          </label>
          <select id={pickerId} className="portico-account__picker-select" value={address} onChange={(event) => void portico.selectAccount(event.target.value, namespace).catch((error: unknown) => portico.reportError(error, { namespace, action: 'selectAccount' }))}>
            {connection.accounts.map((a) => (
              <option key={a.address} value={a.address}>
                {a.name ? `${a.name} · ${truncateAddress(a.address)}` : truncateAddress(a.address)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="portico-account__summary">
        <div className="portico-account__value">
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
          ) : (
            // The total's line holds its place until the token balances give it (docs/design.md, "How a view may grow").
            <p className="portico-account__total" aria-hidden="true">
              {'\u00a0'}
            </p>
          )}
        </div>
        {badges.length ? (
          <ul className="portico-account__badges" aria-label={t('view.account.status')}>
            {badges.map((badge) => (
              <li key={badge.id} className="portico-account__badge">
                {badge.icon && isIconName(badge.icon) ? <Icon name={badge.icon} /> : null}
                {t(badge.label)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {actions.length ? (
        <div className={actions.length >= 4 ? 'portico-account__actions portico-account__actions--tiles' : 'portico-account__actions'}>
          {actions.map((action) => (
            <Button key={action.id} onClick={() => void select(action)} disabled={running === action.id} busy={running === action.id}>
              {action.icon && isIconName(action.icon) ? <Icon name={action.icon} /> : null}
              {t(action.label)}
            </Button>
          ))}
        </div>
      ) : null}
      {/* The network and the quieter ways on (wallets, Register a name, the embedded wallet's rows) as compact chips, wrapping. */}
      {network || showsWallets || rows.length ? (
        <div className="portico-account__rows">
          {network ? (
            <button type="button" className="portico-account__row" onClick={() => router.push('Networks')}>
              <WalletIcon src={networkImageSrc(portico, network)} name={network.name} size="small" mark />
              <span className="portico-account__row-label">
                <span className="portico-visually-hidden">{t('view.account.network')}: </span>
                {network.name}
              </span>
              <Icon name="chevron" />
            </button>
          ) : null}
          {showsWallets ? (
            <button type="button" className="portico-account__row" onClick={() => router.push('ProfileWallets')}>
              {wallet ? <WalletIcon src={walletImageSrc(portico, wallet)} name={wallet.name} size="small" /> : <Icon name="wallet" />}
              <span className="portico-account__row-label">{walletCount > 1 ? t('view.account.walletsCount', { count: walletCount }) : t('view.account.wallets')}</span>
              <Icon name="chevron" />
            </button>
          ) : null}
          {rows.map((action) => (
            <button key={action.id} type="button" className="portico-account__row" onClick={() => void select(action)} disabled={running === action.id} aria-busy={running === action.id || undefined}>
              {action.icon && isIconName(action.icon) ? <Icon name={action.icon} /> : null}
              <span className="portico-account__row-label">{t(action.label)}</span>
              {action.view ? <Icon name="chevron" /> : null}
            </button>
          ))}
        </div>
      ) : null}
      <AccountTabs namespace={namespace} networkName={network?.name ?? ''} />
    </div>
  )
})
