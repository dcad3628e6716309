import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ConnectMethodSection, ViewDescriptor } from '../../kernel/kernel.js'
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
 * it loads once and suspends like a view.
 *
 * @example
 * viewComponent(sectionDescriptor(portico.connectMethods.get('email')!))
 */
export function sectionDescriptor(section: ConnectMethodSection): ViewDescriptor {
  let descriptor = sectionDescriptors.get(section)
  if (!descriptor) {
    descriptor = { id: `connect-method:${section.method}`, title: '', load: section.load, owner: section.owner }
    sectionDescriptors.set(section, descriptor)
  }
  return descriptor
}
