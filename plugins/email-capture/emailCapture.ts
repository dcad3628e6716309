import { definePlugin, PluginNotLoadedError, version, type Plugin, type PluginContext } from '../../kernel/index.js'
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

let setupEmailCapture: typeof import('./setup/setupEmailCapture.js').setupEmailCapture | undefined
/** The plugin's English strings, loaded with its setup (`load()`). */
let englishMessages: Readonly<Record<string, string>> | undefined

/**
 * The email-capture feature plugin: the DataCapture view asks a connected visitor for an email
 * when the site enables it (spec §9: the remote feature `emailCapture`, off by default; the local
 * `features.emailCapture` when no project configuration applies), once per account and browser.
 * The server stores it with the wallet address and the project and sends a confirmation email.
 * Its setup loads with the kernel (`load()`), not with the page.
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
    // The English strings come with the setup: only the plugin's views, which load with the kernel, show them.
    get messages() {
      return englishMessages
    },
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    async load() {
      if (setupEmailCapture) return
      const loaded = await import('./setup/setupEmailCapture.js')
      setupEmailCapture = loaded.setupEmailCapture
      englishMessages = loaded.messages
    },
    setup(portico) {
      if (!setupEmailCapture) throw new PluginNotLoadedError({ plugin: 'email-capture' })
      return setupEmailCapture(portico, options)
    },
  })
}
