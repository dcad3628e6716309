import { makeAutoObservable } from 'mobx'
import type { RouteData, View } from '../types/view.js'

export type RouterStoreDependencies = {
  isConnected: () => boolean
  /** Closes the modal (back with one view left). */
  close: () => void
  schedule: (fn: () => void, ms: number) => void
  /** Reloads the auth connector after leaving ConnectingFarcaster while disconnected. */
  reloadAuth?: () => void
}

/**
 * The modal's view history (spec §2): push of the current view is a no-op, back with one view
 * closes, back onto Connect while connected shows Account.
 */
export class RouterStore {
  view: View = 'Connect'
  history: View[] = ['Connect']
  data: RouteData | undefined = undefined

  constructor(private readonly deps: RouterStoreDependencies) {
    makeAutoObservable<RouterStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  push(view: View, data?: RouteData): void {
    if (view === this.view) return
    this.view = view
    this.history.push(view)
    this.data = data
  }

  reset(view: View, data?: RouteData): void {
    this.view = view
    this.history = [view]
    this.data = data
  }

  replace(view: View, data?: RouteData): void {
    if (this.history[this.history.length - 1] === view) return
    this.view = view
    if (this.history.length) this.history[this.history.length - 1] = view
    else this.history.push(view)
    this.data = data
  }

  goBack(): void {
    const leaving = this.view
    if (this.history.length > 1) {
      this.history.pop()
      const last = this.history[this.history.length - 1] as View
      this.view = this.deps.isConnected() && last === 'Connect' ? 'Account' : last
    } else {
      this.deps.close()
    }
    if (this.data) {
      const { wallet: _wallet, redirectView: _redirect, ...rest } = this.data
      this.data = rest
    }
    if (leaving === 'ConnectingFarcaster' && !this.deps.isConnected() && this.deps.reloadAuth) {
      this.deps.schedule(this.deps.reloadAuth, 100)
    }
  }

  goBackToIndex(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.history.length) return
    this.history = this.history.slice(0, index + 1)
    this.view = this.history[index] as View
  }
}
