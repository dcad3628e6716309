import { BaseError } from '../errors/BaseError.js'
import type { ChainNamespace } from '../types/caip.js'
import type { View } from '../types/view.js'
import type { BadgeAccount } from './AccountBadgeRegistry.js'

/** Two plugins offered an Account action under one id, or an action is malformed. */
export class InvalidAccountActionError extends BaseError {
  override name = 'InvalidAccountActionError'
  override code = 'INVALID_ACCOUNT_ACTION'
  constructor({ id, reason }: { id: string; reason: string }) {
    super(`Invalid Account action "${id.slice(0, 60)}"`, { docsPath: '/kernel/errors.md#invalidaccountactionerror', metaMessages: [reason] })
  }
}

/**
 * A button a feature plugin adds to the Account view (Buy, Swap, Receive …): it opens the
 * plugin's view, or runs the plugin's `run` (a switch that needs no view of its own). The spec's
 * order of wallet features is onramp, swaps, receive, send, so the built-in Send sits at
 * {@link accountActionOrder}`.send` and plugins pick their place around it.
 */
export type AccountAction = {
  /** Unique id, e.g. `swaps`. */
  id: string
  /** The plugin that offers it. */
  owner: string
  /** Message key of the button's text (under the owner's name, e.g. `swap.action`). */
  label: string
  /** The view the button opens (registered by the same plugin); absent for an action that `run`s. */
  view?: View
  /**
   * Instead of a view: what the button does (e.g. switch the account type). The UI shows the
   * button busy until it settles; the plugin tells the visitor of a failure itself (a toast).
   */
  run?(account: BadgeAccount): Promise<void>
  /** An icon name the UI knows (`swap`, `send`, `arrowDown` …); none when it does not know it. */
  icon?: string
  /** Lower comes first (see {@link accountActionOrder}). */
  order?: number
  /** The namespaces it serves; every namespace when absent. */
  namespaces?: readonly ChainNamespace[]
  /**
   * `button` (default): a primary button in the action row (Buy, Swap, Send). `row`: a quieter
   * full-width row under the network row, for what is not a money movement (Register a name).
   */
  placement?: AccountActionPlacement
  /**
   * Whether the action applies to this account now (e.g. "Update email" only for an account
   * reached by an email login); shown always when absent. Read inside a MobX observer; a throw
   * counts as false.
   */
  shows?(account: BadgeAccount): boolean
}

/** Where the Account view shows an {@link AccountAction}. */
export type AccountActionPlacement = 'button' | 'row'

/** Where the spec's wallet features sit in the Account view's action row (lower first). */
export const accountActionOrder = { onramp: 10, swaps: 20, receive: 30, send: 40 } as const

/**
 * The Account view's action buttons that plugins add (`context.accountActions.register`); the
 * UI lists those serving the connected namespace, by `order`, with its own Send among them.
 */
export class AccountActionRegistry {
  readonly #actions = new Map<string, AccountAction>()
  readonly #walletFeaturesOrder: () => readonly string[]

  /**
   * @param walletFeaturesOrder - the site's order of the wallet features (`features.walletFeaturesOrder`):
   *   the actions with those ids (`onramp`, `swaps`, `receive`, `send`) take the slots 10, 20, 30, 40 in
   *   that order, in place of their own `order`
   */
  constructor(walletFeaturesOrder: () => readonly string[] = () => Object.keys(accountActionOrder)) {
    this.#walletFeaturesOrder = walletFeaturesOrder
  }

  /**
   * Adds an action.
   *
   * @throws InvalidAccountActionError for a second action with the same id, a missing id, owner or label, or not exactly one of a view and `run`
   */
  register(action: AccountAction): void {
    const id = typeof action?.id === 'string' ? action.id : ''
    const runs = typeof action?.run === 'function'
    for (const key of runs ? (['id', 'owner', 'label'] as const) : (['id', 'owner', 'label', 'view'] as const)) {
      if (typeof action?.[key] !== 'string' || action[key].length === 0 || action[key].length > 100) throw new InvalidAccountActionError({ id, reason: `"${key}" must be a non-empty string of at most 100 characters.` })
    }
    if (runs && action.view !== undefined) throw new InvalidAccountActionError({ id, reason: 'An action opens a "view" or has a "run" function, not both.' })
    if (action.shows !== undefined && typeof action.shows !== 'function') throw new InvalidAccountActionError({ id, reason: '"shows" must be a function of the account.' })
    if (action.placement !== undefined && action.placement !== 'button' && action.placement !== 'row') throw new InvalidAccountActionError({ id, reason: '"placement" must be "button" or "row".' })
    const existing = this.#actions.get(id)
    if (existing) throw new InvalidAccountActionError({ id, reason: `Plugin "${existing.owner}" already offers it; plugin "${action.owner}" cannot.` })
    this.#actions.set(id, { ...action, ...(action.namespaces ? { namespaces: [...action.namespaces] } : {}) })
  }

  /** The actions serving `namespace` (and, given the account, whose `shows` holds for it), the wallet features in the site's order, then lowest `order` first (ties by id). */
  list(namespace: ChainNamespace, account?: BadgeAccount): AccountAction[] {
    const holds = (a: AccountAction) => {
      if (!a.shows || !account) return true
      try {
        return a.shows(account) === true
      } catch {
        return false
      }
    }
    const features = this.#walletFeaturesOrder()
    const orderOf = (a: AccountAction) => {
      const slot = features.indexOf(a.id)
      return slot >= 0 ? 10 * (slot + 1) : (a.order ?? accountActionOrder.send)
    }
    return [...this.#actions.values()]
      .filter((a) => (!a.namespaces || a.namespaces.includes(namespace)) && holds(a))
      .sort((a, b) => orderOf(a) - orderOf(b) || a.id.localeCompare(b.id))
  }

  /** Removes a plugin's action (its disposer calls this). */
  remove(id: string): void {
    this.#actions.delete(id)
  }
}
