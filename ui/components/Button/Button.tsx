import type { ReactNode } from 'react'

export type ButtonProps = {
  children: ReactNode
  onClick?: () => void
  variant?: 'primary' | 'secondary' | 'danger'
  disabled?: boolean
  busy?: boolean
  type?: 'button' | 'submit'
}

/**
 * A text button of the modal.
 *
 * @example
 * <Button onClick={retry}>{t('modal.retry')}</Button>
 */
export function Button({ children, onClick, variant = 'primary', disabled, busy, type = 'button' }: ButtonProps) {
  return (
    <button type={type} className={`portico-button portico-button--${variant}`} onClick={onClick} disabled={disabled} aria-busy={busy || undefined}>
      {children}
    </button>
  )
}
