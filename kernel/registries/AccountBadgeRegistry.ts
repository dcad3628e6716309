import { BaseError } from '../errors/BaseError.js'
import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'

/** Two plugins offered an Account badge under one id, or a badge is malformed. */
export class InvalidAccountBadgeError extends BaseError {
  override name = 'InvalidAccountBadgeError'
  override code = 'INVALID_ACCOUNT_BADGE'
  constructor({ id, reason }: { id: string; reason: string }) {
    super(`Invalid Account badge "${id.slice(0, 60)}"`, { docsPath: '/kernel/errors.md#invalidaccountbadgeerror', metaMessages: [reason] })
  }
}

/** The connected account a badge is asked about. */
export type BadgeAccount = { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; address: string }

/**
 * A short status a plugin shows under the Account view's balance while it holds ("Signed in",
 * "Smart account", …). `shows` is read inside a MobX observer: when it reads observable state,
 * the badge appears and disappears as that state changes.
 */
export type AccountBadge = {
  /** Unique id, e.g. `siwx`. */
  id: string
  /** The plugin that offers it. */
  owner: string
  /** Message key of the badge's text (under the owner's name, e.g. `siwx.account.signedIn`). */
  label: string
  /** An icon name the UI knows (`check`, `wallet` …); none when it does not know it. */
  icon?: string
  /** Whether the badge shows for this account now. A throw counts as false. */
  shows(account: BadgeAccount): boolean
  /** Lower comes first. */
  order?: number
  /** The namespaces it serves; every namespace when absent. */
  namespaces?: readonly ChainNamespace[]
}

/**
 * The Account view's status badges that plugins add (`context.accountBadges.register`); the UI
 * shows those serving the connected namespace whose `shows(account)` is true, by `order`.
 */
export class AccountBadgeRegistry {
  readonly #badges = new Map<string, AccountBadge>()

  /**
   * Adds a badge.
   *
   * @throws InvalidAccountBadgeError for a second badge with the same id, a missing id, owner or label, or no `shows` function
   */
  register(badge: AccountBadge): void {
    const id = typeof badge?.id === 'string' ? badge.id : ''
    for (const key of ['id', 'owner', 'label'] as const) {
      if (typeof badge?.[key] !== 'string' || badge[key].length === 0 || badge[key].length > 100) throw new InvalidAccountBadgeError({ id, reason: `"${key}" must be a non-empty string of at most 100 characters.` })
    }
    if (typeof badge.shows !== 'function') throw new InvalidAccountBadgeError({ id, reason: '"shows" must be a function of the account.' })
    const existing = this.#badges.get(id)
    if (existing) throw new InvalidAccountBadgeError({ id, reason: `Plugin "${existing.owner}" already offers it; plugin "${badge.owner}" cannot.` })
    this.#badges.set(id, { ...badge, ...(badge.namespaces ? { namespaces: [...badge.namespaces] } : {}) })
  }

  /** The badges showing for `account`, lowest `order` first (ties by id); one that throws is left out. */
  showing(account: BadgeAccount): AccountBadge[] {
    return [...this.#badges.values()]
      .filter((b) => (!b.namespaces || b.namespaces.includes(account.namespace)) && safelyShows(b, account))
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id))
  }

  /** Removes a plugin's badge (its disposer calls this). */
  remove(id: string): void {
    this.#badges.delete(id)
  }
}

function safelyShows(badge: AccountBadge, account: BadgeAccount): boolean {
  try {
    return badge.shows(account) === true
  } catch {
    return false
  }
}
