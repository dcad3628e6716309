import { lendPluginActions } from '../plugin/lendPluginActions.js'
import type { PluginActions, Portico } from '../types/portico.js'
import { forwardedActions, type ForwardedAction, type PorticoHandle } from './createPortico.js'

const handles = new WeakMap<Portico, PorticoHandle>()

/**
 * The handle of a kernel that already exists (`createPorticoKernel`): loaded from the start, so
 * `<PorticoProvider portico={kernel}>` renders as it does with `createPortico`'s handle. The same
 * kernel gives the same handle.
 *
 * @param kernel - a kernel
 * @example
 * const handle = porticoHandleOf(createPorticoKernel(options)); handle.kernel // the kernel
 */
export function porticoHandleOf(kernel: Portico): PorticoHandle {
  const known = handles.get(kernel)
  if (known) return known
  const forwarded = {} as { [K in ForwardedAction]: Portico[K] }
  for (const name of forwardedActions) (forwarded as Record<string, unknown>)[name] = (...args: unknown[]) => (kernel[name] as (...a: unknown[]) => unknown)(...args)
  // The actions the kernel's plugins lend (`actions`), likewise.
  lendPluginActions(forwarded, kernel.plugins, (_plugin, name, args) => (kernel as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args))
  const handle = {
    ...forwarded,
    version: kernel.version,
    options: kernel.options,
    endpoints: kernel.endpoints,
    sdkVersion: kernel.sdkVersion,
    restoring: [],
    startupDuties: [],
    kernel,
    load: () => Promise.resolve(kernel),
    getState: () => kernel.getState(),
    subscribe: (event, fn) => kernel.subscribe(event, fn),
    onLoad(fn) {
      fn(kernel)
      return () => {}
    },
    getAccount: (namespace) => kernel.getAccount(namespace),
    getConnections: (namespace) => kernel.getConnections(namespace),
    ready: () => kernel.ready(),
    close: () => kernel.close(),
    reportError: (error, context) => void kernel.reportError(error, context),
    destroy: () => kernel.destroy(),
  } satisfies Omit<PorticoHandle, keyof PluginActions> as Omit<PorticoHandle, keyof PluginActions> as PorticoHandle
  handles.set(kernel, handle)
  return handle
}

/**
 * A handle as it is, a kernel as its handle: what `<PorticoProvider portico>` and the bridges accept.
 *
 * @example
 * toPorticoHandle(createPortico(options))
 */
export function toPorticoHandle(portico: PorticoHandle | Portico): PorticoHandle {
  return 'stores' in portico ? porticoHandleOf(portico) : portico
}
