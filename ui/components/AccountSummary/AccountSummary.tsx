import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { ChainNamespace } from '../../../kernel/kernel.js'
import { useFormat } from '../../hooks/useFormat.js'
import { usePortico } from '../../hooks/usePortico.js'
import { refreshBalance } from '../../utils/refreshBalance.js'
import { formatConnectionUser } from '../../utils/formatConnectionUser.js'
import { truncateAddress } from '../../utils/truncateAddress.js'
import { middleEllipsisEmail } from '../../utils/middleEllipsisEmail.js'

/** The most characters of an email the page's account button shows (docs/design.md, "Truncation"). */
const headerEmailLimit = 20

/**
 * The inside of a connected account button: the balance (3 decimals, truncated), the account's
 * avatar when a name service gave one (`profileImage`; decorative, the name is beside it) and its
 * name (`profileName`), else the logged-in user of an embedded wallet (an email cut in the middle
 * to 20 characters, its domain kept whole, the full address in the title; or the social handle),
 * else the short address. Fetches the balance when the account or its chain changes.
 */
export const AccountSummary = observer(function AccountSummary({ namespace }: { namespace: ChainNamespace }) {
  const portico = usePortico()
  const { connections, accounts } = portico.stores
  const address = connections.address(namespace)
  const caipAddress = connections.caipAddress(namespace)
  useEffect(() => {
    if (caipAddress) void refreshBalance(portico, namespace, caipAddress)
  }, [portico, namespace, caipAddress])
  const account = accounts.get(namespace)
  const format = useFormat()
  // A name service's name first, else who logged in to an embedded wallet (email or handle).
  // The email is what shows for an email login, and for a social one without a handle.
  const user = account.user
  const email = !account.profileName && user?.email && (user.provider === 'email' || !user.handle) ? user.email : undefined
  const name = account.profileName ?? (email ? middleEllipsisEmail(email, headerEmailLimit) : formatConnectionUser(user))
  return (
    <>
      {account.balance !== undefined ? (
        <span className="portico-page-button__balance">{format.amount(account.balance, account.balanceSymbol)}</span>
      ) : null}
      {account.profileImage ? <img className="portico-page-button__avatar" src={account.profileImage} alt="" width={24} height={24} referrerPolicy="no-referrer" /> : null}
      {name && email && name !== email ? (
        // Cut for the eye; a screen reader (and the button's accessible name) reads the whole email.
        <span className="portico-page-button__address" title={`${email} · ${address}`}>
          <span aria-hidden="true">{name}</span>
          <span className="portico-page-button__spoken">{email}</span>
        </span>
      ) : name ? (
        <span className="portico-page-button__address" title={address}>
          {name}
        </span>
      ) : (
        <span className="portico-page-button__address">{address ? truncateAddress(address) : ''}</span>
      )}
    </>
  )
})
