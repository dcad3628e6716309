import { definePlugin, version, type Plugin, type PluginContext } from '../../kernel/kernel.js'
import { EmailCaptureError } from './errors.js'
import { isEmailAddress, safeHttpUrl } from '../../kernel/kernel.js'
import { messages } from './messages.js'
import { meta } from './meta.js'

export type EmailCaptureOptions = {
  /**
   * The privacy policy linked from the consent text, when it is not the site's top-level
   * `createPortico({ privacyPolicyUrl })` (which the consent text links otherwise). Without
   * either the text has no link.
   */
  privacyPolicyUrl?: string
  /** A server speaking `/v1/email-capture`; default the instance's blockchain API. */
  apiUrl?: string
  /** Open DataCapture after a connection when the feature is on (default true). */
  askOnConnect?: boolean
}

/** What the view reads back (`portico.getStore('email-capture')`). */
export type EmailCaptureSettings = Readonly<{
  privacyPolicyUrl: string | undefined
  /** Whether the site enables email capture now (remote feature, or the local option offline). */
  enabled(): boolean
  /** Sends the address with the connected account; resolves with the server's status. */
  submit(email: string): Promise<'pending' | 'confirmed'>
  /** Closes the view and remembers not to ask this account again. */
  dismiss(): void
}>

const view = 'DataCapture'
const askedKey = 'portico-email-capture-asked'

/**
 * The email-capture feature plugin: the DataCapture view asks a connected visitor for an email
 * when the site enables it (spec §9: the remote feature `emailCapture`, off by default; the local
 * `features.emailCapture` when no project configuration applies), once per account and browser.
 * The server stores it with the wallet address and the project and sends a confirmation email.
 *
 * @param options see {@link EmailCaptureOptions}
 * @example
 * import { emailCapture } from 'portico/email-capture'
 * createPortico({ networks, privacyPolicyUrl: 'https://example.com/privacy', plugins: [eip155(), emailCapture()] })
 */
export function emailCapture(options: EmailCaptureOptions = {}): Plugin<PluginContext> {
  return definePlugin({
    name: 'email-capture',
    kind: 'feature',
    version,
    meta,
    messages,
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    setup(portico) {
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
        if (!registry.has(view)) registry.register({ id: view, title: 'email-capture.title', owner: 'email-capture', load: () => import('./views/DataCaptureView.js').then((m) => m.DataCaptureView) })
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
    },
  })
}
