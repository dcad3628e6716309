import type { CaipNetworkId } from '../../kernel/index.js'

/** One namespace of a settled session, as the wallet sent it (untrusted: read through readApprovedNamespace). */
export type WcSessionNamespace = { chains?: unknown; accounts?: unknown; methods?: unknown; events?: unknown }

/** The parts of a sign-client session this plugin reads. */
export type WcSession = {
  topic: string
  /** Seconds since epoch. */
  expiry: number
  namespaces: Record<string, WcSessionNamespace>
  peer?: { metadata?: { name?: unknown; url?: unknown } }
}

/** What a session proposal asks for, per namespace. */
export type ProposalNamespaces = Record<string, { chains: CaipNetworkId[]; methods: string[]; events: string[] }>

type Listener = (args: any) => void

/** The parts of `@walletconnect/sign-client` this plugin uses (kept structural so tests and types stay small). */
export type SignClientLike = {
  connect(params: { optionalNamespaces: ProposalNamespaces }): Promise<{ uri?: string; approval: () => Promise<WcSession> }>
  request(params: { topic: string; chainId: string; request: { method: string; params: unknown } }): Promise<unknown>
  disconnect(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
  on(event: string, listener: Listener): unknown
  off(event: string, listener: Listener): unknown
  session: { getAll(): WcSession[]; keys: string[] }
  core: {
    verify: { register: (...args: any[]) => Promise<string | undefined | void>; resolve: (...args: any[]) => Promise<unknown> }
    heartbeat: { stop(): void }
    relayer: { transportClose(): Promise<void> }
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
