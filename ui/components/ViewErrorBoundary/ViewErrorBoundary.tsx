import { Component, type ReactNode } from 'react'

type Props = { children: ReactNode; fallback: (retry: () => void) => ReactNode; onRetry: () => void }
type State = { failed: boolean }

/**
 * Catches a view that failed to load or render, and shows a retry instead of a blank modal.
 *
 * @example
 * <ViewErrorBoundary fallback={(retry) => <Retry onClick={retry} />} onRetry={reload}>…</ViewErrorBoundary>
 */
export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  retry = (): void => {
    this.props.onRetry()
    this.setState({ failed: false })
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children
  }
}
