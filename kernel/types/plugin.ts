import type { ChainNamespace } from './caip.js'
import type { AccountType } from './connection.js'
import type { SendFeeSpeed } from './hooks.js'
import type { JsonSchema } from './jsonSchema.js'
import type { PorticoOptions } from './options.js'

export type PluginKind = 'chain' | 'connector' | 'feature'

/** What a chain plugin can do; the conformance suite checks each declared one. */
export type Capability = 'connect' | 'balance' | 'tokens' | 'send' | 'tokenSend' | 'signMessage' | 'signIn' | 'activity' | 'names' | 'signer' | 'nfts'

/** A chain plugin's WalletConnect namespace: what a session proposal asks for. */
export type WalletConnectNamespace = { methods: readonly string[]; events: readonly string[] }

/**
 * A chain plugin's namespace takes a memo with a transfer (a short note the chain stores with it, such
 * as Stacks' 34-byte memo): the send form then offers an optional "Memo" field, refuses one longer
 * than `maxBytes` bytes of UTF-8, and the send carries it as `SendRequest.memo`.
 */
export type SendMemoRule = { maxBytes: number }

/** Everything the docs generator and the option validation read from a plugin. */
export type PluginMeta = {
  /** One sentence: what the plugin does. */
  description: string
  /** Path of its docs page, e.g. `/plugins/eip155.md`. */
  docsPath?: string
  capabilities?: readonly Capability[]
  /** JSON Schema of the plugin's options: validates them and generates the docs' options table. */
  optionsSchema?: JsonSchema
  /** The hooks it taps (checked against the real taps by the conformance suite). */
  hooks?: readonly string[]
  /** The views it registers. */
  views?: readonly string[]
  /** The errors it throws, for the docs. */
  errors?: readonly { name: string; description: string }[]
  walletConnect?: WalletConnectNamespace
  /** A chain plugin whose namespace takes a memo with a send, and how long it may be (see {@link SendMemoRule}). */
  sendMemo?: SendMemoRule
  /**
   * A chain plugin whose fee estimate offers these speeds (`SendFeeEstimate.speeds`): the send
   * review holds their place from its first frame, before the estimate comes.
   */
  sendFeeSpeeds?: readonly SendFeeSpeed[]
  /** A chain plugin's default account type (spec §6), unless the site sets `defaultAccountTypes`. */
  defaultAccountType?: AccountType
  /**
   * The optional peer dependencies of portico that this plugin alone loads (its chain or device
   * SDKs), name → the exact version portico is built against: the site installs them with the
   * plugin (the docs page gives the command), and a missing one is reported by
   * `MissingPeerDependencyError` when the plugin loads it (`loadPeer`).
   */
  peerDependencies?: Readonly<Record<string, string>>
}

export type Disposer = () => void | Promise<void>

/**
 * What a plugin's start-time probe reads ({@link Plugin.startup}): the site's options, the visitor's
 * Portico storage (read only, as the kernel reads it: a bad value is dropped, never thrown), the page's
 * window and the time. No MobX, no hooks, no stores: the kernel has not loaded.
 */
export type StartupProbeContext = {
  options: PorticoOptions
  storage: { get<T>(key: string, guard: (value: unknown) => value is T): T | undefined }
  /** The page's `window`; `undefined` outside a browser (server rendering, Node). */
  window: (Window & typeof globalThis) | undefined
  now(): number
}

/**
 * A Portico plugin: an option factory returns one (`eip155(options)`).
 * `setup` taps hooks with the plugin's name, registers stores and views, and returns a disposer.
 */
export type Plugin<Context = unknown> = {
  name: string
  kind: PluginKind
  namespace?: ChainNamespace
  version: string
  /**
   * What the docs generator and the option validation read. Given here, or — to keep its text out
   * of the page's first bytes — filled by `load()` with a getter (`get meta() { return loaded }`,
   * as {@link defineLazyPlugin} does): the kernel checks it, and the options against its schema,
   * once every plugin is loaded (`validatePlugins`), and refuses a plugin without one.
   */
  meta?: PluginMeta
  /** The options the factory received, validated against `meta.optionsSchema` when the kernel loads. */
  options?: unknown
  /**
   * The actions it lends the instance and `createPortico`'s handle (`portico.sendCalls(…)`): each a
   * member of the plugin's store (`registerStore(name, …)`) of the same name; its entry adds their
   * types to `PluginActions` by declaration merging. On the plugin, not in `meta`: the handle lends
   * them at page start, before any plugin's meta has loaded.
   */
  actions?: readonly string[]
  /**
   * The plugin's strings in English, each key under the plugin's name (`siwx.title`); merged into
   * the UI's translator, so its views call `useTranslate()` and a site translates them by key.
   * Read when the kernel is created, after `load()`: a plugin whose strings only its lazily loaded
   * views show may keep them out of the page's first bytes with a getter that `load()` fills
   * (`get messages() { return loaded }`, as walletconnect does).
   */
  messages?: Readonly<Record<string, string>>
  /**
   * The plugin's strings in other locales, each loaded only when a site asks for that locale
   * (`<PorticoProvider locale>`): `{ fr: () => import('./locales/fr.js').then((m) => m.default) }`,
   * or the whole map behind one import so not even the loaders are eager:
   * `() => import('./locales/index.js').then((m) => m.locales)`. Keys as in `messages`; tags as
   * the UI's built-in locales spell them (`pt-BR`, `zh-CN`, `zh-TW`).
   */
  locales?: PluginLocales
  /**
   * Loads the code `setup` runs, for a plugin that keeps it out of the page's first bytes
   * (`load: () => import('./setup/setupMyChain.js').then(…)`): the kernel awaits every plugin's
   * `load` before any `setup`, so a site pays for the plugin only when the kernel loads. It may be
   * called more than once (load once, then resolve at once); a rejection fails the kernel's load.
   */
  load?(): Promise<void>
  /**
   * A start-time duty: `createPortico`'s handle calls it at page start, before the kernel loads,
   * and loads the kernel at once when it returns true — for work that must happen before the
   * visitor acts (a Safe{Wallet} host framing the page, a WalletConnect session a wallet settled
   * while the visitor was away). It runs in the page's first bytes, so it reads only what
   * {@link StartupProbeContext} offers and imports nothing heavy; the work itself runs in `setup`.
   * One that throws is reported to the `error` hook (once the kernel loads) and counts as false.
   * docs/architecture.md lists every first-party plugin's start-time duties.
   */
  startup?(context: StartupProbeContext): boolean
  setup(context: Context): Disposer | void
}

/** A plugin's locale loaders by tag, or a function that imports that map lazily. */
export type PluginLocales =
  | Readonly<Record<string, () => Promise<Readonly<Record<string, string>>>>>
  | (() => Promise<Readonly<Record<string, () => Promise<Readonly<Record<string, string>>>>>>)
