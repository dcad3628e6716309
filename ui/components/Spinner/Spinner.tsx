/**
 * A decorative spinner; the text next to it (or a live region) says what is loading.
 *
 * @example
 * <Spinner size="large" />
 */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }) {
  return <span className={`portico-spinner portico-spinner--${size}`} aria-hidden="true" />
}
