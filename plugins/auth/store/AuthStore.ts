import { makeAutoObservable, runInAction } from 'mobx'
import { BaseError, type PluginContext } from '../../../kernel/kernel.js'
import { AuthFrameError, InvalidCodeError, InvalidEmailError, NotConnectedToAuthError, PopupClosedError, SocialConnectionError } from '../errors.js'
import type { ApprovalState, AuthAccounts, AuthState, AuthUser, CodeSent, FrameMethod, FrameMethods, RecoveryKind, SocialCallbackMessage } from '../protocol.js'
import { isEmailAddress } from '../../../kernel/kernel.js'
import { readSocialUrl } from '../utils/readSocialUrl.js'

/** Where the login stands: idle, sending a code, code sent, verifying, the social popup open, connected. */
export type AuthPhase = 'idle' | 'sendingCode' | 'codeSent' | 'verifying' | 'socialPopup' | 'connected'

/** Where an email change stands. */
export type EmailChangePhase = 'idle' | 'sendingCode' | 'codeSent' | 'verifying' | 'done'

/** Where the export screen stands: hidden, asked for, shown by the frame, or waiting for a fresh login. */
export type ExportPhase = 'hidden' | 'opening' | 'shown' | 'reauth'

/** The frame client as the store uses it. */
export type AuthFrameRequester = {
  request<M extends FrameMethod>(method: M, ...params: FrameMethods[M]['params'] extends undefined ? [] : [FrameMethods[M]['params']]): Promise<FrameMethods[M]['result']>
}

/** A window the store navigates and watches (`window.open`'s answer). */
export type PopupWindow = { readonly closed: boolean; location: { href: string }; close(): void }

/** What the store runs against (the plugin passes the page's; tests pass fakes). */
export type AuthStoreDependencies = {
  /** The frame client, loaded and mounted on first use. */
  client(): Promise<AuthFrameRequester>
  clock: Pick<PluginContext['clock'], 'now' | 'setTimeout' | 'clearTimeout'>
  /** Connects the auth namespaces after a login (the plugin calls `portico.connect` for each). */
  onLogin(state: AuthState): Promise<void>
  /** Listens for the social callback page's message from the wallet origin only; returns the remover. */
  listenSocial(listener: (message: SocialCallbackMessage) => void): () => void
  /** Shows the frame over a rectangle of the modal (export), or hides it. */
  placeFrame(rect: { top: number; left: number; width: number; height: number } | undefined): void
}

/** How often the popup is checked for being closed (spec §9: 1 s). */
export const popupPollMs = 1_000

const codePattern = /^\d{6}$/

function asError(error: unknown): BaseError {
  return error instanceof BaseError ? error : new BaseError('The wallet failed', { cause: error })
}

/**
 * The auth plugin's state (`portico.getStore('auth')`): the login phase (idle, sending code,
 * code sent with `expiresAt` / `resendAfter`, verifying, social popup open, connected), the
 * email, the logged-in user, the error of the last step, and the email-change and export
 * sub-flows. Every step talks to the wallet frame through the injected client; nothing here
 * touches the DOM.
 *
 * @example
 * const store = portico.getStore<AuthStore>('auth')
 * await store.startEmail('alice@example.com')
 */
export class AuthStore {
  phase: AuthPhase = 'idle'
  email = ''
  codeSent: CodeSent | undefined = undefined
  user: AuthUser | undefined = undefined
  accounts: AuthAccounts | undefined = undefined
  error: BaseError | undefined = undefined
  /** The social provider of the login in progress (or the last one). */
  provider: string | undefined = undefined

  changePhase: EmailChangePhase = 'idle'
  changeEmail = ''
  changeCodeSent: CodeSent | undefined = undefined
  changeError: BaseError | undefined = undefined

  exportPhase: ExportPhase = 'hidden'
  /** What the frame's approval screen asks the visitor, while it shows (the site shows the frame then). */
  approval: Extract<ApprovalState, { pending: true }>['kind'] | undefined = undefined
  /** The frame's screen's content height (CSS px) while it shows, for the view's area to grow to. */
  approvalHeight: number | undefined = undefined
  /** The modal was closed when the approval came, and opened for it (it closes again after). */
  approvalOpenedModal = false
  exportError: BaseError | undefined = undefined
  /** Who can open the wallet's recovery on the server: the operator (`server`), or only the visitor (`protected`). */
  recovery: RecoveryKind | undefined = undefined
  /** The recovery screen was asked for and has not answered yet. */
  protectingRecovery = false
  /** Why protecting the recovery failed (`REAUTH_REQUIRED`: log in again first). */
  recoveryError: BaseError | undefined = undefined

  readonly #deps: AuthStoreDependencies
  #socialAttempt = 0
  #stopSocial: (() => void) | undefined

  constructor(deps: AuthStoreDependencies) {
    this.#deps = deps
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** Whether a user is logged in (their wallet's accounts known). */
  get loggedIn(): boolean {
    return this.user !== undefined && this.accounts !== undefined
  }

  /** Whether a step is running (buttons wait). */
  get busy(): boolean {
    return this.phase === 'sendingCode' || this.phase === 'verifying'
  }

  /** Clears the last error (the visitor typed again). */
  clearError(): void {
    this.error = undefined
  }

  /** Sends a one-time code to `email` (trimmed, checked first: a bad address sends nothing). */
  async startEmail(email: string): Promise<boolean> {
    const address = typeof email === 'string' ? email.trim() : ''
    if (!isEmailAddress(address)) {
      this.error = new InvalidEmailError()
      return false
    }
    this.phase = 'sendingCode'
    this.error = undefined
    this.email = address
    try {
      const client = await this.#deps.client()
      const sent = await client.request('emailStart', { email: address })
      runInAction(() => {
        this.codeSent = readCodeSent(sent, this.#deps.clock.now())
        this.phase = 'codeSent'
      })
      return true
    } catch (error) {
      runInAction(() => {
        this.error = asError(error)
        this.phase = this.codeSent ? 'codeSent' : 'idle'
      })
      return false
    }
  }

  /** Asks for a new code to the same address (after `resendAfter`). */
  resendCode(): Promise<boolean> {
    return this.startEmail(this.email)
  }

  /** Checks the 6-digit code; on success the wallet connects. */
  async verifyCode(code: string): Promise<boolean> {
    const digits = typeof code === 'string' ? code.replace(/\s+/g, '') : ''
    if (!codePattern.test(digits)) {
      this.error = new InvalidCodeError()
      return false
    }
    this.phase = 'verifying'
    this.error = undefined
    try {
      const client = await this.#deps.client()
      const state = await client.request('emailVerify', { code: digits })
      await this.#loggedIn(state)
      return true
    } catch (error) {
      runInAction(() => {
        this.error = asError(error)
        this.phase = 'codeSent'
      })
      return false
    }
  }

  /**
   * Logs in with a social provider in `popup` (opened by the click, so no popup blocker
   * interferes): the frame gives the provider's URL, the popup goes there, and the callback page
   * posts a ticket (or an error) from the wallet origin. A blocked popup fails with
   * `Failed to initiate social connection`, a popup closed without an answer with `Popup closed`.
   */
  async startSocial(provider: string, popup: PopupWindow | null | undefined): Promise<boolean> {
    this.#stopWatching()
    const attempt = ++this.#socialAttempt
    this.provider = provider
    this.error = undefined
    if (!popup) {
      this.error = new SocialConnectionError()
      this.phase = this.loggedIn ? 'connected' : 'idle'
      return false
    }
    this.phase = 'socialPopup'
    try {
      const client = await this.#deps.client()
      const answer = await client.request('socialStart', { provider }).catch((cause: unknown) => {
        throw cause instanceof AuthFrameError && cause.code !== 'SERVER_ERROR' ? cause : new SocialConnectionError({ cause })
      })
      const url = readSocialUrl(answer)
      if (!url) throw new SocialConnectionError()
      if (attempt !== this.#socialAttempt) return false
      popup.location.href = url
      const ticket = await this.#waitForTicket(popup)
      if (attempt !== this.#socialAttempt) return false
      runInAction(() => {
        this.phase = 'verifying'
      })
      const state = await client.request('socialFinish', { ticket })
      await this.#loggedIn(state)
      return true
    } catch (error) {
      if (attempt === this.#socialAttempt) {
        try {
          if (!popup.closed) popup.close()
        } catch {
          // a popup on another origin may refuse; it closes itself after the callback anyway
        }
        runInAction(() => {
          this.error = asError(error)
          this.phase = this.loggedIn ? 'connected' : 'idle'
        })
      }
      return false
    } finally {
      if (attempt === this.#socialAttempt) this.#stopWatching()
    }
  }

  /** Leaves a social login (the view closed): its answer, if any, is ignored. */
  cancelSocial(): void {
    this.#socialAttempt++
    this.#stopWatching()
    if (this.phase === 'socialPopup') this.phase = this.loggedIn ? 'connected' : 'idle'
  }

  /** Sends a code to a new address (logged in by email). */
  async startEmailChange(email: string): Promise<boolean> {
    const address = typeof email === 'string' ? email.trim() : ''
    if (!this.loggedIn) {
      this.changeError = new NotConnectedToAuthError()
      return false
    }
    if (!isEmailAddress(address)) {
      this.changeError = new InvalidEmailError()
      return false
    }
    this.changePhase = 'sendingCode'
    this.changeError = undefined
    this.changeEmail = address
    try {
      const client = await this.#deps.client()
      const sent = await client.request('emailChangeStart', { email: address })
      runInAction(() => {
        this.changeCodeSent = readCodeSent(sent, this.#deps.clock.now())
        this.changePhase = 'codeSent'
      })
      return true
    } catch (error) {
      runInAction(() => {
        this.changeError = asError(error)
        this.changePhase = this.changeCodeSent ? 'codeSent' : 'idle'
      })
      return false
    }
  }

  /** Checks the code sent to the new address; on success the user's email is the new one. */
  async verifyEmailChange(code: string): Promise<boolean> {
    const digits = typeof code === 'string' ? code.replace(/\s+/g, '') : ''
    if (!codePattern.test(digits)) {
      this.changeError = new InvalidCodeError()
      return false
    }
    this.changePhase = 'verifying'
    this.changeError = undefined
    try {
      const client = await this.#deps.client()
      const state = await client.request('emailChangeVerify', { code: digits })
      runInAction(() => {
        if (state?.user) this.user = state.user
        if (state?.accounts) this.accounts = state.accounts
        this.changePhase = 'done'
        this.changeCodeSent = undefined
      })
      return true
    } catch (error) {
      runInAction(() => {
        this.changeError = asError(error)
        this.changePhase = 'codeSent'
      })
      return false
    }
  }

  /** Starts the email-change flow afresh. */
  resetEmailChange(): void {
    this.changePhase = 'idle'
    this.changeEmail = ''
    this.changeCodeSent = undefined
    this.changeError = undefined
  }

  /**
   * Asks the frame to show its export screen; `REAUTH_REQUIRED` moves to `reauth` (a fresh
   * login first, after which the export is asked again).
   */
  async openExport(): Promise<boolean> {
    if (!this.loggedIn) {
      this.exportError = new NotConnectedToAuthError()
      return false
    }
    this.exportPhase = 'opening'
    this.exportError = undefined
    try {
      const client = await this.#deps.client()
      await client.request('showExport')
      runInAction(() => {
        this.exportPhase = 'shown'
      })
      return true
    } catch (error) {
      runInAction(() => {
        if (error instanceof AuthFrameError && error.code === 'REAUTH_REQUIRED') {
          this.exportPhase = 'reauth'
          this.phase = 'connected'
          this.codeSent = undefined
        } else {
          this.exportPhase = 'hidden'
          this.exportError = asError(error)
        }
      })
      return false
    }
  }

  /** Hides the export screen (the visitor left the view); the frame is told too. */
  async closeExport(): Promise<void> {
    const wasShown = this.exportPhase === 'shown' || this.exportPhase === 'opening'
    this.exportClosed()
    if (!wasShown) return
    try {
      const client = await this.#deps.client()
      await client.request('hideExport')
    } catch {
      // the frame hides its screen on its own when it goes away
    }
  }

  /** The frame closed its export screen (`exportClosed`), or the view left. */
  exportClosed(): void {
    this.exportPhase = 'hidden'
    this.#deps.placeFrame(undefined)
  }

  /** Shows the frame over the export or approval view's area, or hides it. */
  placeFrame(rect: { top: number; left: number; width: number; height: number } | undefined): void {
    this.#deps.placeFrame(this.exportPhase === 'shown' || this.approval !== undefined ? rect : undefined)
  }

  /** The frame's `approval` event: its screen appeared (`openedModal`: the modal opened for it) or went (the frame hides). */
  approvalChanged(state: ApprovalState, openedModal = false): void {
    if (state.pending) {
      this.approval = state.kind
      this.approvalOpenedModal = openedModal
      this.approvalHeight = typeof state.height === 'number' && Number.isFinite(state.height) && state.height > 0 ? state.height : undefined
      return
    }
    this.approval = undefined
    this.approvalHeight = undefined
    if (this.exportPhase !== 'shown') this.#deps.placeFrame(undefined)
  }

  /** The visitor left the approval view or closed the modal: the frame rejects the request (4001). */
  async cancelApproval(): Promise<void> {
    if (this.approval === undefined) return
    try {
      const client = await this.#deps.client()
      await client.request('cancelApproval')
    } catch {
      // the frame rejects on its own when it goes away
    }
  }

  /**
   * Asks the frame to show its recovery screen, where the visitor protects the wallet's recovery
   * with a passkey or a recovery password (docs/guides/embedded-wallet.md §2.1); answers whether
   * it is protected now ("Not now" leaves it as it was).
   */
  async protectRecovery(): Promise<boolean> {
    if (!this.loggedIn) {
      this.recoveryError = new NotConnectedToAuthError()
      return false
    }
    this.protectingRecovery = true
    this.recoveryError = undefined
    try {
      const client = await this.#deps.client()
      const state = await client.request('protectRecovery')
      runInAction(() => {
        if (state?.recovery) this.recovery = state.recovery
      })
      return this.recovery === 'protected'
    } catch (error) {
      runInAction(() => {
        this.recoveryError = asError(error)
      })
      return false
    } finally {
      runInAction(() => {
        this.protectingRecovery = false
      })
    }
  }

  /** The frame's state (from `status`, a reconnect or `stateChanged`): logged in, or not. */
  setSession(state: AuthState | undefined): void {
    if (state?.user && state.accounts) {
      this.user = state.user
      this.accounts = state.accounts
      if (state.recovery) this.recovery = state.recovery
      if (this.phase === 'idle') this.phase = 'connected'
      return
    }
    this.reset()
  }

  /** Back to logged out (after `logout`, or when the frame says the session ended). */
  reset(): void {
    this.cancelSocial()
    this.phase = 'idle'
    this.user = undefined
    this.accounts = undefined
    this.codeSent = undefined
    this.error = undefined
    this.exportPhase = 'hidden'
    this.exportError = undefined
    this.approval = undefined
    this.approvalHeight = undefined
    this.recovery = undefined
    this.recoveryError = undefined
    this.resetEmailChange()
    this.#deps.placeFrame(undefined)
  }

  async #loggedIn(state: AuthState): Promise<void> {
    if (!state?.user || !state.accounts) throw new NotConnectedToAuthError()
    const reauth = this.exportPhase === 'reauth'
    runInAction(() => {
      this.user = state.user
      this.accounts = state.accounts
      if (state.recovery) this.recovery = state.recovery
      this.codeSent = undefined
    })
    await this.#deps.onLogin(state)
    runInAction(() => {
      this.phase = 'connected'
    })
    if (reauth) await this.openExport()
  }

  #waitForTicket(popup: PopupWindow): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      let timer: unknown
      let settled = false
      const finish = (fn: () => void) => {
        if (settled) return
        settled = true
        this.#deps.clock.clearTimeout(timer)
        stopListening()
        fn()
      }
      const stopListening = this.#deps.listenSocial((message) => {
        if ('ticket' in message && typeof message.ticket === 'string' && message.ticket.length > 0 && message.ticket.length <= 4096) finish(() => resolve(message.ticket))
        else if ('error' in message && message.error) finish(() => reject(new AuthFrameError({ code: 'PROVIDER_ERROR', message: typeof message.error.message === 'string' ? message.error.message : '' })))
      })
      // The callback page posts its answer to this page, then closes itself; the answer travels
      // through the browser, so the popup can be seen closed before it arrives (seen in Chromium
      // under load: the login done, the popup gone, "Popup closed" shown). Closed on two polls in a
      // row, one period apart, is a popup closed without an answer.
      let seenClosed = false
      const poll = () => {
        timer = this.#deps.clock.setTimeout(() => {
          if (settled) return
          if (popup.closed && seenClosed) finish(() => reject(new PopupClosedError()))
          else {
            seenClosed = popup.closed
            poll()
          }
        }, popupPollMs)
      }
      poll()
      this.#stopSocial = () => finish(() => reject(new PopupClosedError()))
    })
  }

  #stopWatching(): void {
    const stop = this.#stopSocial
    this.#stopSocial = undefined
    stop?.()
  }
}

/** Reads `{ expiresAt, resendAfter }` (epoch ms); a missing value falls back to the contract's 10 minutes and 30 s. */
function readCodeSent(value: unknown, now: number): CodeSent {
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  const time = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback)
  return { expiresAt: time(record.expiresAt, now + 10 * 60_000), resendAfter: time(record.resendAfter, now + 30_000) }
}
