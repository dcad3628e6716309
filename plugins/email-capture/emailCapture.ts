import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'

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

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupEmailCapture.js'))

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
  return defineLazyPlugin({
    name: 'email-capture',
    kind: 'feature',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupEmailCapture(portico, options),
  })
}
