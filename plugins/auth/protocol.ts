/**
 * The wire protocol between the site's page (`plugins/auth`) and the wallet frame
 * (`plugins/auth/frame`), version 1. Both sides import these types; nothing here runs.
 * The rules (who may connect, which methods exist, what each answers) are in
 * `docs/guides/embedded-wallet.md` §3.
 */

/** The protocol version the site announces in its connect message. */
export const frameProtocolVersion = 1

/** The one message the site posts to the frame's window, transferring the port. */
export type FrameConnectMessage = { type: 'portico-auth:connect'; version: typeof frameProtocolVersion }

/** What the social callback page posts to `window.opener` (the site's page). */
export type SocialCallbackMessage =
  | { type: 'portico-auth:social'; ticket: string }
  | { type: 'portico-auth:social'; error: { code: string; message: string } }

/** How a user logged in: by email code, or the id of a social provider (`google`, `github`, …). */
export type AuthProviderId = 'email' | (string & {})

/** The logged-in user, as the site may see it (no secret). */
export type AuthUser = {
  /** Stable id on the server (`email:alice@example.com`, `google:1234`, …). */
  id: string
  email?: string
  provider: AuthProviderId
  /** The social handle (`@alice`), when the provider has one. */
  handle?: string
  name?: string
}

/**
 * The wallet's addresses: one eip155 account (the EOA), one solana account and, where the server
 * offers it (`bundlers[chain].smartAccount`), the EOA's ERC-4337 smart account (counterfactual
 * until its first user operation deploys it).
 */
export type AuthAccounts = { eip155: `0x${string}`; solana: string; eip155SmartAccount?: `0x${string}` }

/**
 * Who can open the wallet's recovery share on the server: its operator (`server`, until the
 * visitor protects it) or only the visitor, with their passkey or recovery password (`protected`).
 */
export type RecoveryKind = 'server' | 'protected'

/** What `status`, `emailVerify`, `socialFinish`, `emailChangeVerify` and `protectRecovery` answer. */
export type AuthState = { user?: AuthUser; accounts?: AuthAccounts; recovery?: RecoveryKind }

/** A code was sent: when it expires and when another may be asked for (epoch ms). */
export type CodeSent = { expiresAt: number; resendAfter: number }

/** The methods the frame answers, with their params and results. */
export type FrameMethods = {
  status: { params: undefined; result: AuthState }
  emailStart: { params: { email: string }; result: CodeSent }
  emailVerify: { params: { code: string }; result: AuthState }
  socialStart: { params: { provider: string }; result: { url: string } }
  socialFinish: { params: { ticket: string }; result: AuthState }
  emailChangeStart: { params: { email: string }; result: CodeSent }
  emailChangeVerify: { params: { code: string }; result: AuthState }
  request: { params: { chainId: string; method: string; params?: unknown }; result: unknown }
  cancelApproval: { params: undefined; result: null }
  /** Shows the frame's recovery screen: protect the recovery with a passkey or a password (a fresh login first). */
  protectRecovery: { params: undefined; result: AuthState }
  showExport: { params: undefined; result: null }
  hideExport: { params: undefined; result: null }
  logout: { params: undefined; result: null }
}

export type FrameMethod = keyof FrameMethods

/** A request over the port. */
export type FrameRequest<M extends FrameMethod = FrameMethod> = { id: number; method: M; params?: FrameMethods[M]['params'] }

/** The stable error codes the frame answers with (docs/guides/embedded-wallet.md §3). */
export type FrameErrorCode =
  | 'WRONG_CODE'
  | 'CODE_EXPIRED'
  | 'CODE_USED'
  | 'LOCKED'
  | 'RATE_LIMITED'
  | 'NOT_LOGGED_IN'
  | 'PROVIDER_ERROR'
  | 'REAUTH_REQUIRED'
  | 'INVALID_PARAMS'
  | 'UNSUPPORTED_METHOD'
  | 'WALLET_MISMATCH'
  | 'USER_REJECTED'
  | 'SERVER_ERROR'

/** An error answer; `data.attemptsLeft` for WRONG_CODE, `data.retryAfter` (s) for RATE_LIMITED. */
export type FrameError = { code: FrameErrorCode; message: string; data?: { attemptsLeft?: number; retryAfter?: number; [key: string]: unknown } }

/** An answer over the port. */
export type FrameResponse = { id: number; result: unknown } | { id: number; error: FrameError }

/** Whether the frame shows its approval screen (`pending`), and for what kind of request. */
export type ApprovalState =
  | {
      pending: true
      kind: 'message' | 'typedData' | 'transaction' | 'recovery'
      /** The screen's content height in CSS px, sent again when it changes, so the site's view can grow to show it whole. */
      height?: number
    }
  | { pending: false }

/**
 * Events the frame sends unasked. `ready` first; `stateChanged` after a login, logout or email
 * change; `exportClosed` when the visitor closes the export screen; `approval` when the approval
 * screen, or the recovery screen (`kind: 'recovery'`), appears (the site shows the frame) and goes
 * (the site hides it).
 */
export type FrameEvent = { event: 'ready' } | { event: 'stateChanged'; data: AuthState } | { event: 'exportClosed' } | { event: 'approval'; data: ApprovalState }
