import type { CaipNetworkId } from '../../kernel/kernel.js'

/**
 * The fields of a CAIP-122 sign-in message (spec §3 "Sign-in message"). For eip155 they render
 * as exact EIP-4361 text.
 */
export type SiwxMessageData = {
  /** The site's authority, e.g. `example.com` or `127.0.0.1:4700`. */
  domain: string
  /** The account as its namespace writes it (eip155: EIP-55 checksummed). */
  accountAddress: string
  /** The full CAIP-2 network id, e.g. `eip155:1`; the message shows its reference (`1`). */
  chainId: CaipNetworkId
  uri: string
  version: '1'
  nonce: string
  /** RFC 3339 date-time. */
  issuedAt: string
  statement?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** A signed sign-in (spec §3 "Sign-in session"): the data, the exact text signed and the signature. */
export type SiwxSession = {
  data: SiwxMessageData
  message: string
  signature: string
  /** A CAIP-74 CACAO when the session came from WalletConnect's one-click sign-in. */
  cacao?: unknown
  /** An id a backend gave the session, when it has one. */
  id?: string
}

/**
 * Where sessions live. The default keeps them in the browser (Portico's storage); a site can plug
 * its own backend (see `createSiwxServerStore`). Every method may be sync or async; the plugin
 * re-verifies whatever `get` returns, so a store need not be trusted.
 */
export type SiwxSessionStore = {
  /** The sessions stored for one network and address. */
  get(caipNetworkId: CaipNetworkId, address: string): SiwxSession[] | Promise<SiwxSession[]>
  /** Stores a session the plugin has just verified (a backend may verify it again and refuse). */
  add(session: SiwxSession): void | Promise<void>
  /** Forgets the sessions of one network and address. */
  remove(caipNetworkId: CaipNetworkId, address: string): void | Promise<void>
  /** Forgets every session (signing out everywhere). */
  clear(): void | Promise<void>
}

/** What `getNonce` is told: the network and account the message is for. */
export type SiwxNonceRequest = { caipNetworkId: CaipNetworkId; address: string }

export type SiwxOptions = {
  /** Connected but unsigned visitors must sign in; cancel rolls back or disconnects (default true). */
  required?: boolean
  /** The message's domain (default: `location.host`). */
  domain?: string
  /** The message's URI (default: `location.href`). */
  uri?: string
  /** A line of text the wallet shows (no line breaks). */
  statement?: string
  /** URIs the sign-in grants access to. */
  resources?: string[]
  /** How long a session lasts, in milliseconds (default: no expiration time in the message). */
  expiration?: number
  /** The nonce source, e.g. your backend's `GET /siwx/nonce` (default: 16 random letters and digits). */
  getNonce?: (request: SiwxNonceRequest) => string | Promise<string>
  /** Where sessions live (default: the browser, through Portico's storage). */
  sessionStore?: SiwxSessionStore
  /** End every session when the wallet disconnects (default true). */
  signOutOnDisconnect?: boolean
}
