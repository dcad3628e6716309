import { isEmailAddress, safeHttpUrl, type Disposer, type PluginContext } from '../../../kernel/kernel.js'
import type { EmailCaptureOptions, EmailCaptureSettings } from '../emailCapture.js'
import { EmailCaptureError } from '../errors.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

const view = 'DataCapture'
const askedKey = 'portico-email-capture-asked'

/**
 * The email-capture plugin's `setup`, loaded with the kernel (`emailCapture().load()`), not with
 * the page: its store (whether the site enables it, the submission to `/v1/email-capture`, the
 * accounts already asked), the DataCapture view's descriptor (the view itself loads when it opens)
 * and the question after a connection.
 *
 * @param portico - the plugin's context
 * @param options - the site's {@link EmailCaptureOptions}
 * @returns the disposer
 * @example
 * const dispose = setupEmailCapture(context, { privacyPolicyUrl: 'https://example.com/privacy' })
 */
export function setupEmailCapture(portico: PluginContext, options: EmailCaptureOptions): Disposer {
  const enabled = () => Boolean(portico.stores.options.remoteFeatures.emailCapture)
  const storage = portico.services.storage
  const asked = () => storage.get(askedKey, (v): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')) ?? []
  const remember = () => {
    const caip = portico.stores.connections.caipAddress(portico.stores.networks.activeNamespace)
    if (caip) storage.set(askedKey, [...asked().filter((a) => a !== caip), caip].slice(-50))
  }
  const url = (path: string) => {
    if (!options.apiUrl) return portico.services.blockchainApi.url(path)
    const target = new URL(path, options.apiUrl)
    if (portico.options.projectId) target.searchParams.set('projectId', portico.options.projectId)
    return target.href
  }
  portico.registerStore('email-capture', Object.freeze({
    // The plugin's own policy, else the site's (the Connect view's legal line links the same,
    // by the same rule: https, or http on loopback).
    privacyPolicyUrl: options.privacyPolicyUrl ?? safeHttpUrl(portico.options.privacyPolicyUrl),
    enabled,
    async submit(email: string) {
      const trimmed = email.trim()
      if (!isEmailAddress(trimmed)) throw new EmailCaptureError('Enter a valid email address')
      const caipAddress = portico.stores.connections.caipAddress(portico.stores.networks.activeNamespace)
      portico.markUserAction()
      let response: Response
      try {
        response = await fetch(url('/v1/email-capture'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: trimmed, ...(caipAddress ? { caipAddress } : {}), siteName: portico.options.metadata?.name ?? '' }) })
      } catch (cause) {
        throw new EmailCaptureError('The email service is unreachable; try again later', { cause })
      }
      const body = (await response.json().catch(() => undefined)) as { status?: unknown; message?: unknown } | undefined
      if (!response.ok) throw new EmailCaptureError(typeof body?.message === 'string' ? body.message.slice(0, 200) : 'The email could not be saved; try again later')
      remember()
      return body?.status === 'confirmed' ? 'confirmed' : 'pending'
    },
    dismiss() {
      remember()
      portico.close()
    },
  }) satisfies EmailCaptureSettings)
  portico.hooks.registerViews.tap('email-capture', (registry) => {
    if (!registry.has(view)) registry.register({ id: view, title: 'email-capture.title', owner: 'email-capture', load: () => import('../views/DataCaptureView.js').then((m) => m.DataCaptureView) })
  })
  // After a connection by the visitor: ask once per account (the remote features may still be on their way).
  portico.hooks.connected.tap('email-capture', ({ caipAddress }) => {
    if (options.askOnConnect === false) return
    portico.clock.setTimeout(() => {
      if (!enabled() || asked().includes(caipAddress) || portico.stores.connections.caipAddress(portico.stores.networks.activeNamespace) !== caipAddress) return
      void portico.open({ view })
    }, 600)
  })
  return () => undefined
}
