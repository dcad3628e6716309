import type { ReactNode } from 'react'
import { Icon } from '../Icon/Icon.js'
import { Spinner } from '../Spinner/Spinner.js'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

export type StatusPanelProps = {
  /** `success` ends a flow: a check mark above what happened (docs/design.md, "Success"). */
  tone: 'waiting' | 'error' | 'info' | 'success'
  heading: string
  hint?: string
  /** The wallet or network pictured above the text. */
  image?: { src: string | undefined; name: string }
  children?: ReactNode
}

/**
 * The centred status of a waiting view: picture, heading, hint and actions. Announced through
 * the modal's live region, so the text here is not a live region itself.
 *
 * @example
 * <StatusPanel tone="waiting" heading="Continue in Rabby" />
 */
export function StatusPanel({ tone, heading, hint, image, children }: StatusPanelProps) {
  return (
    <div className={`portico-status-panel portico-status-panel--${tone}`}>
      {/* No picture, no empty space: an info panel without an image starts at its heading. */}
      {image || tone !== 'info' ? (
        <div className="portico-status-panel__picture">
          {image ? <WalletIcon src={image.src} name={image.name} size="large" /> : null}
          {tone === 'waiting' ? <Spinner size="large" /> : null}
          {tone === 'error' ? <Icon name="warning" className="portico-status-panel__warning" /> : null}
          {tone === 'success' ? (
            <span className="portico-status-panel__check">
              <Icon name="check" />
            </span>
          ) : null}
        </div>
      ) : null}
      <h3 className="portico-status-panel__heading">{heading}</h3>
      {hint ? <p className="portico-status-panel__hint">{hint}</p> : null}
      {children ? <div className="portico-status-panel__actions">{children}</div> : null}
    </div>
  )
}
