import type { ReactNode } from 'react'
import { Spinner } from '../Spinner/Spinner.js'

/**
 * The centred message of a list with nothing to show (or still loading).
 *
 * @example
 * <EmptyState heading="No activity yet" hint="Transactions show here." />
 */
export function EmptyState({ heading, hint, loading, children }: { heading: string; hint?: string; loading?: boolean; children?: ReactNode }) {
  return (
    <div className="portico-empty-state" aria-busy={loading || undefined}>
      {loading ? <Spinner /> : null}
      <p className="portico-empty-state__heading">{heading}</p>
      {hint ? <p className="portico-empty-state__hint">{hint}</p> : null}
      {children}
    </div>
  )
}
