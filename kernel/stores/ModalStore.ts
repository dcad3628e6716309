import { makeAutoObservable } from 'mobx'
import type { ChainNamespace } from '../types/caip.js'

/** A guard that may forbid closing the current view (e.g. sign-in required and unsigned). */
export type CloseGuard = () => boolean

/** Open/closed, loading per namespace, and the shake that answers a forbidden close. */
export class ModalStore {
  open = false
  loading: Record<string, boolean> = {}
  /** Increments on every refused close; the UI shakes the modal for 500 ms. */
  shakeCount = 0
  private guards: CloseGuard[] = []

  constructor() {
    makeAutoObservable<ModalStore, 'guards'>(this, { guards: false }, { autoBind: true })
  }

  get isLoading(): boolean {
    return Object.values(this.loading).some(Boolean)
  }

  setOpen(open: boolean): void {
    this.open = open
  }

  setLoading(namespace: ChainNamespace, loading: boolean): void {
    this.loading[namespace] = loading
  }

  clearLoading(): void {
    this.loading = {}
  }

  shake(): void {
    this.shakeCount++
  }

  /** Adds a guard; returns its remover. */
  addCloseGuard(guard: CloseGuard): () => void {
    this.guards.push(guard)
    return () => {
      this.guards = this.guards.filter((g) => g !== guard)
    }
  }

  /** Whether any guard forbids closing now. */
  isCloseBlocked(): boolean {
    return this.guards.some((guard) => {
      try {
        return guard()
      } catch {
        return false
      }
    })
  }
}
