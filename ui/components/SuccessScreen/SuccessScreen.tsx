import { useHideBack } from '../../hooks/useHideBack.js'
import { Button } from '../Button/Button.js'
import { Icon } from '../Icon/Icon.js'
import { StatusPanel } from '../StatusPanel/StatusPanel.js'

/** A button of the success screen: its words and what it does. */
export type SuccessScreenAction = { label: string; onClick: () => void }

export type SuccessScreenProps = {
  /**
   * `success` once it happened (the check mark); `waiting` while the chain still works on it (a
   * send followed to its receipt: the spinner, the explorer link already there); `error` when
   * the chain said it failed.
   */
  tone?: 'success' | 'waiting' | 'error'
  /** What happened, in one line ("Sent", "Swap confirmed."). */
  heading: string
  /** A second line: what, how much, to whom. */
  hint?: string
  /** The transaction on the network's explorer, when there is one. */
  explorer?: { href: string; label: string }
  /** Done: the way on (back to the account). */
  done: SuccessScreenAction
  /** One way to start again, where it helps ("New swap", "Buy more"). */
  again?: SuccessScreenAction
}

/**
 * The one screen that ends a flow (docs/design.md, "Success"): a check mark, what happened in one
 * line, the explorer link when there is a transaction, Done and at most one way to start again.
 * The header shows no Back arrow while it is on screen (`useHideBack`): the form behind it has
 * been emptied, so Back would lead nowhere useful. Send, Swap, Buy and the name registration end
 * with it.
 *
 * @example
 * <SuccessScreen heading="Swap confirmed." explorer={{ href, label: 'View on explorer' }} done={{ label: 'Done', onClick: () => portico.back() }} />
 */
export function SuccessScreen({ tone = 'success', heading, hint, explorer, done, again }: SuccessScreenProps) {
  useHideBack(true)
  return (
    <StatusPanel tone={tone} heading={heading} {...(hint ? { hint } : {})}>
      {explorer ? (
        <a className="portico-success-screen__explorer" href={explorer.href} target="_blank" rel="noopener noreferrer">
          {explorer.label} <Icon name="external" />
        </a>
      ) : null}
      <Button onClick={done.onClick}>{done.label}</Button>
      {again ? (
        <Button variant="secondary" onClick={again.onClick}>
          {again.label}
        </Button>
      ) : null}
    </StatusPanel>
  )
}
