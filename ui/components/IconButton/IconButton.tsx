import { Icon, type IconName } from '../Icon/Icon.js'

/**
 * A button that shows only an icon; `label` is its accessible name (and tooltip).
 *
 * @example
 * <IconButton icon="close" label={t('modal.close')} onClick={close} />
 */
export function IconButton({ icon, label, onClick, className }: { icon: IconName; label: string; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={className ? `portico-icon-button ${className}` : 'portico-icon-button'} aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  )
}
