import type { CaipNetworkId } from '../../kernel/kernel.js'

/** One namespace of a settled session, as the wallet sent it (untrusted: read through readApprovedNamespace). */
export type WcSessionNamespace = { chains?: unknown; accounts?: unknown; methods?: unknown; events?: unknown }

/** The parts of a sign-client session this plugin reads. */
export type WcSession = {
  topic: string
  /** The pairing the session was proposed on. */
  pairingTopic?: string
  /** Seconds since epoch. */
  expiry: number
  namespaces: Record<string, WcSessionNamespace>
  peer?: { metadata?: { name?: unknown; url?: unknown } }
  /** What the wallet added to the session (`bundler_name`, …): untrusted, read through readSessionProperties. */
  sessionProperties?: unknown
}

/** What a session proposal asks for, per namespace. */
export type ProposalNamespaces = Record<string, { chains: CaipNetworkId[]; methods: string[]; events: string[] }>

type Listener = (args: any) => void

/** What `authenticate` (`wc_sessionAuthenticate`, one-click sign-in) is asked for. */
export type WcAuthenticateParams = {
  chains: CaipNetworkId[]
  domain: string
  uri: string
  nonce: string
  methods: string[]
  statement?: string
  resources?: string[]
  exp?: string
}

/** What `authenticate` gives: the pairing URI and the wallet's answer (CACAOs and the session built from them, or a fallback session). */
export type WcAuthenticateResult = { uri?: string; response: () => Promise<{ session?: WcSession; auths?: unknown[] }> }

/** The parts of `@walletconnect/sign-client` this plugin uses (kept structural so tests and types stay small). */
export type SignClientLike = {
  connect(params: { optionalNamespaces: ProposalNamespaces }): Promise<{ uri?: string; approval: () => Promise<WcSession> }>
  authenticate?(params: WcAuthenticateParams): Promise<WcAuthenticateResult>
  engine?: { authenticate?(params: WcAuthenticateParams): Promise<WcAuthenticateResult> }
  formatAuthMessage?(params: { request: unknown; iss: string }): string
  request(params: { topic: string; chainId: string; request: { method: string; params: unknown } }): Promise<unknown>
  disconnect(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
  on(event: string, listener: Listener): unknown
  off(event: string, listener: Listener): unknown
  session: { getAll(): WcSession[]; keys: string[] }
  core: {
    verify: { register: (...args: any[]) => Promise<string | undefined | void>; resolve: (...args: any[]) => Promise<unknown> }
    heartbeat: { stop(): void }
    relayer: { transportClose(): Promise<void> }
    history: { on(event: string, listener: Listener): unknown; off(event: string, listener: Listener): unknown }
    customStoragePrefix?: string
  }
}

/** A key-value store the sign-client can keep its sessions in (its `IKeyValueStorage`). */
export type WalletConnectKeyValueStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}
