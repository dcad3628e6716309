import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ConnectMethodSection, Portico, ViewDescriptor } from '../../kernel/kernel.js'
import { pickViewComponent } from '../utils/pickViewComponent.js'

const resolved = new WeakMap<ViewDescriptor, ComponentType>()
const loading = new WeakMap<ViewDescriptor, Promise<ComponentType>>()
const lazies = new WeakMap<ViewDescriptor, LazyExoticComponent<ComponentType>>()

/**
 * Loads a view's module (once) and remembers its component, so a view loaded ahead of time
 * renders without a loading state.
 *
 * @example
 * void loadView(portico.views.get('Account'))
 */
export function loadView(descriptor: ViewDescriptor): Promise<ComponentType> {
  let promise = loading.get(descriptor)
  if (!promise) {
    promise = descriptor.load().then((module) => {
      const component = pickViewComponent(module)
      if (!component) throw new Error(`View "${descriptor.id}": load() must resolve to its component, e.g. () => import('./MyView.js').then((m) => m.MyView)`)
      resolved.set(descriptor, component)
      return component
    })
    // A failed load may be retried.
    promise.catch(() => {
      loading.delete(descriptor)
      lazies.delete(descriptor)
    })
    loading.set(descriptor, promise)
  }
  return promise
}

/** The component to render for a view: the loaded one, or a lazy one that suspends until loaded. */
export function viewComponent(descriptor: ViewDescriptor): ComponentType {
  const ready = resolved.get(descriptor)
  if (ready) return ready
  let component = lazies.get(descriptor)
  if (!component) {
    component = lazy(async () => ({ default: await loadView(descriptor) }))
    lazies.set(descriptor, component)
  }
  return component
}

/** Forgets a view that failed, so the next render loads it again. */
export function forgetView(descriptor: ViewDescriptor): void {
  loading.delete(descriptor)
  lazies.delete(descriptor)
  resolved.delete(descriptor)
}

const sectionDescriptors = new WeakMap<ConnectMethodSection, ViewDescriptor>()

/**
 * A Connect-view section (`connectMethods`) as a view descriptor, the same object each time, so
 * it loads once and suspends like a view. Its load also waits for the views of the plugin that
 * offers it (the social login's ConnectingSocial, the email's code entry; a view that fails to load
 * does not hold it back): a section's button can only be pressed once the view it opens is here,
 * so that view opens at its own height, never after the modal's loading spinner (docs/design.md,
 * "How a view may grow").
 *
 * @example
 * viewComponent(sectionDescriptor(portico.connectMethods.get('email')!, portico.views))
 */
export function sectionDescriptor(section: ConnectMethodSection, views: Pick<Portico['views'], 'ids' | 'get'>): ViewDescriptor {
  let descriptor = sectionDescriptors.get(section)
  if (!descriptor) {
    const ownViews = () => views.ids.map((id) => views.get(id)).filter((view): view is ViewDescriptor => view !== undefined && view.owner === section.owner)
    const load = () => Promise.all([section.load(), ...ownViews().map((view) => loadView(view).catch(() => undefined))]).then(([component]) => component)
    descriptor = { id: `connect-method:${section.method}`, title: '', load, owner: section.owner }
    sectionDescriptors.set(section, descriptor)
  }
  return descriptor
}
