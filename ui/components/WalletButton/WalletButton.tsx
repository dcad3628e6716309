import { useId } from 'react'
import { WalletIcon } from '../WalletIcon/WalletIcon.js'

export type WalletButtonProps = {
  name: string
  imageSrc: string | undefined
  onSelect: () => void
  /** `row` in the Connect view's lists, `tile` in the All Wallets grid. */
  layout?: 'row' | 'tile'
  /** A short tag under or beside the name, such as "Installed": the button's description (hidden from its name, so the name stays the wallet's). */
  tag?: string
  /** Extra attributes the virtual list needs. */
  dataIndex?: number
}

/**
 * One wallet as a button named by the wallet's name (the icon is decorative). The name is
 * rendered as text, so a hostile name stays text.
 *
 * @example
 * <WalletButton name="Rabby" imageSrc={src} onSelect={connect} />
 */
export function WalletButton({ name, imageSrc, onSelect, layout = 'row', tag, dataIndex }: WalletButtonProps) {
  const tagId = useId()
  return (
    <button
      type="button"
      className={`portico-wallet-button portico-wallet-button--${layout}`}
      onClick={onSelect}
      data-index={dataIndex}
      title={layout === 'tile' ? name : undefined}
      aria-describedby={tag ? tagId : undefined}
    >
      <WalletIcon src={imageSrc} name={name} />
      <span className="portico-wallet-button__name">{name}</span>
      {tag ? (
        <span id={tagId} className="portico-wallet-button__tag" aria-hidden="true">
          {tag}
        </span>
      ) : null}
    </button>
  )
}
