import { makeAutoObservable } from 'mobx'

export type ToastVariant = 'success' | 'error' | 'loading' | 'info'
/** A link the toast offers, e.g. the transaction on a block explorer; `label` is a message key. */
export type ToastLink = { href: string; label: string }
export type Toast = { message: string; variant: ToastVariant; svg?: string; autoClose?: boolean; link?: ToastLink }

export type ToastStoreDependencies = {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  /** How long an auto-closing toast stays. */
  durationMs?: number
  /** The pause between closing one toast and showing the next (spec §4: 150 ms). */
  swapDelayMs?: number
}

/** One toast at a time; a new one while one is open closes the old and shows after 150 ms. */
export class ToastStore {
  message = ''
  variant: ToastVariant = 'info'
  svg: string | undefined = undefined
  link: ToastLink | undefined = undefined
  open = false
  autoClose = true
  private swapTimer: unknown = undefined
  private closeTimer: unknown = undefined

  constructor(private readonly deps: ToastStoreDependencies) {
    makeAutoObservable<ToastStore, 'deps' | 'swapTimer' | 'closeTimer'>(
      this,
      { deps: false, swapTimer: false, closeTimer: false },
      { autoBind: true },
    )
  }

  show(toast: Toast): void {
    this.cancelTimers()
    if (this.open) {
      this.open = false
      this.swapTimer = this.deps.setTimeout(() => this.display(toast), this.deps.swapDelayMs ?? 150)
      return
    }
    this.display(toast)
  }

  showSuccess(message: string): void {
    this.show({ message, variant: 'success' })
  }

  showError(message: string): void {
    this.show({ message, variant: 'error' })
  }

  hide(): void {
    this.cancelTimers()
    this.open = false
  }

  dispose(): void {
    this.cancelTimers()
  }

  private display(toast: Toast): void {
    this.swapTimer = undefined
    this.message = toast.message
    this.variant = toast.variant
    this.svg = toast.svg
    this.link = toast.link
    this.autoClose = toast.autoClose ?? toast.variant !== 'loading'
    this.open = true
    if (this.autoClose) this.closeTimer = this.deps.setTimeout(() => this.hide(), this.deps.durationMs ?? 2_500)
  }

  private cancelTimers(): void {
    if (this.swapTimer !== undefined) this.deps.clearTimeout(this.swapTimer)
    if (this.closeTimer !== undefined) this.deps.clearTimeout(this.closeTimer)
    this.swapTimer = undefined
    this.closeTimer = undefined
  }
}
