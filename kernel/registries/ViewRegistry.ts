import { makeAutoObservable } from 'mobx'
import { BaseError } from '../errors/BaseError.js'
import type { View, ViewDescriptor } from '../types/view.js'

/** A view id registered twice by different owners. */
export class DuplicateViewError extends BaseError {
  override name = 'DuplicateViewError'
  override code = 'DUPLICATE_VIEW'
  constructor({ id, owner, existing }: { id: string; owner?: string; existing?: string }) {
    super(`View "${id}" is already registered${existing ? ` by "${existing}"` : ''}`, {
      docsPath: '/kernel/errors.md#duplicateviewerror',
      metaMessages: owner ? [`Second registration by "${owner}".`] : [],
    })
  }
}

/**
 * The descriptors of every view (id, title key, lazy loader); the UI renders them in one outlet.
 * A second owner of an id is an error unless one of them sets `override: true`, which wins in
 * either registration order.
 */
export class ViewRegistry {
  views = new Map<View, ViewDescriptor>()

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  register(view: ViewDescriptor): void {
    if (!view || typeof view.id !== 'string' || typeof view.load !== 'function') {
      throw new BaseError('A view needs an id and a load function', { docsPath: '/kernel/errors.md#duplicateviewerror' })
    }
    const existing = this.views.get(view.id)
    // An explicit override wins whatever the order: it replaces, and is never replaced by a plain registration.
    if (existing && existing.owner !== view.owner && existing.override && !view.override) return
    if (existing && existing.owner !== view.owner && !view.override) {
      throw new DuplicateViewError({ id: view.id, ...(view.owner ? { owner: view.owner } : {}), ...(existing.owner ? { existing: existing.owner } : {}) })
    }
    this.views.set(view.id, view)
  }

  has(id: View): boolean {
    return this.views.has(id)
  }

  get(id: View): ViewDescriptor | undefined {
    return this.views.get(id)
  }

  /** The view `open()` shows under `manualWCControl`, if a plugin registered one. */
  get manualPairing(): ViewDescriptor | undefined {
    return [...this.views.values()].find((v) => v.manualPairing === true)
  }

  get ids(): View[] {
    return [...this.views.keys()]
  }
}
