import {
  createPorticoKernel,
  loadPlugins,
  blockchainApiTap,
  listTaps,
  validateSchema,
  type Capability,
  type Network,
  type Plugin,
  type PluginContext,
  type Portico,
  type TapRecord,
} from '../../kernel/kernel.js'

const capabilities: readonly Capability[] = ['connect', 'balance', 'tokens', 'send', 'tokenSend', 'signMessage', 'signIn', 'activity', 'names', 'signer', 'nfts']

/** Hooks a chain plugin must tap for each capability it declares. */
export const capabilityHooks: Record<Capability, readonly string[]> = {
  connect: ['discoverWallets', 'connect', 'disconnect', 'reconnect'],
  balance: ['fetchBalance'],
  tokens: ['fetchTokenBalances'],
  send: ['send'],
  tokenSend: ['send'],
  signMessage: ['signMessage'],
  signIn: [],
  activity: ['fetchTransactions'],
  names: [],
  // A signer is no hook: the chain adapter's `createSigner`, checked by its `getSigner` (runChainPluginConformance).
  signer: [],
  // NFTs are listed by the blockchain API's tap (stage 10) unless a plugin taps fetchNfts itself: no hook is required.
  nfts: [],
}

export type CheckPluginParameters = {
  plugin: Plugin<PluginContext>
  /** Networks of the plugin's namespace (chain plugins) to build an instance with. */
  networks?: readonly Network[]
  /** Other plugins the instance needs (e.g. a chain plugin under a feature plugin). */
  withPlugins?: readonly Plugin<PluginContext>[]
}

export type CheckPluginReturnType = { ok: boolean; issues: string[]; taps: TapRecord[] }

/**
 * The structural part of the chain-plugin contract, runnable in any test runner: the shape of
 * `meta`, the options schema (and the plugin's own options against it), every tap named after
 * the plugin, the hooks declared in `meta.hooks` and implied by its capabilities actually
 * tapped (and no undeclared ones), declared views registered, and a disposer that runs cleanly.
 *
 * @returns `{ ok, issues, taps }`; `issues` lists every broken rule
 * @example
 * const report = await checkPlugin({ plugin: eip155(), networks: [mainnet] })
 * if (!report.ok) throw new Error(report.issues.join('\n'))
 */
export async function checkPlugin({ plugin, networks = [], withPlugins = [] }: CheckPluginParameters): Promise<CheckPluginReturnType> {
  const issues: string[] = []
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(plugin.name)) issues.push(`name "${plugin.name}" must be lower-case letters, digits and hyphens`)
  if (!['chain', 'connector', 'feature'].includes(plugin.kind)) issues.push(`kind "${String(plugin.kind)}" must be chain, connector or feature`)
  if (!/^\d+\.\d+\.\d+/.test(plugin.version)) issues.push(`version "${plugin.version}" is not semver`)
  if (plugin.kind === 'chain' && !/^[-a-z0-9]{3,8}$/.test(plugin.namespace ?? '')) issues.push('a chain plugin needs a CAIP-2 namespace')
  // A plugin may load its meta with its code (`defineLazyPlugin`): load it as the kernel would.
  await plugin.load?.()
  const meta = plugin.meta
  if (!meta || typeof meta.description !== 'string' || meta.description.length < 10) issues.push('meta.description must be a sentence')
  for (const capability of meta?.capabilities ?? []) {
    if (!capabilities.includes(capability)) issues.push(`unknown capability "${capability}"`)
  }
  if (meta?.optionsSchema) {
    if (meta.optionsSchema.type !== 'object') issues.push('meta.optionsSchema must describe an object')
    for (const [key, schema] of Object.entries(meta.optionsSchema.properties ?? {})) {
      if (!schema.description) issues.push(`option "${key}" has no description (the docs table needs one)`)
    }
    issues.push(...validateSchema(meta.optionsSchema, plugin.options ?? {}).map((issue) => `own options: ${issue}`))
  }
  if (plugin.kind === 'chain' && networks.length === 0) issues.push('pass at least one network of the plugin namespace')
  const wc = meta?.walletConnect
  if (wc !== undefined) {
    // The declared WalletConnect namespace: what a session proposal asks for on the plugin's behalf.
    if (plugin.kind !== 'chain') issues.push('only a chain plugin declares meta.walletConnect')
    for (const key of ['methods', 'events'] as const) {
      const list = wc[key] as unknown
      if (!Array.isArray(list) || list.some((m) => typeof m !== 'string' || !/^[A-Za-z][\w.:-]{0,99}$/.test(m))) issues.push(`meta.walletConnect.${key} must be a list of method or event names`)
      else if (new Set(list).size !== list.length) issues.push(`meta.walletConnect.${key} lists a name twice`)
    }
    if (Array.isArray(wc.methods) && wc.methods.length === 0) issues.push('meta.walletConnect.methods is empty: the plugin could not encode any request over a session')
  }

  let taps: TapRecord[] = []
  let portico: Portico | undefined
  try {
    await loadPlugins([...withPlugins, plugin])
    portico = createPorticoKernel({
      projectId: 'conformance',
      networks: networks.length ? networks : [],
      plugins: [...withPlugins, plugin],
      storage: null,
      endpoints: { api: 'http://127.0.0.1:9' },
      enableReconnect: false,
    })
  } catch (error) {
    issues.push(`createPorticoKernel failed: ${(error as Error).message.split('\n')[0]}`)
  }
  if (portico) {
    const all = listTaps(portico.hooks)
    // The kernel's own default taps (the blockchain API's account data) belong to no plugin.
    const others = new Set([...withPlugins.map((p) => p.name), blockchainApiTap.name])
    taps = all.filter((tap) => !others.has(tap.name))
    for (const tap of taps) if (tap.name !== plugin.name) issues.push(`tap on "${tap.hook}" is named "${tap.name}", not "${plugin.name}"`)
    const tapped = new Set(taps.map((tap) => tap.hook))
    const declared = new Set(meta?.hooks ?? [])
    for (const hook of declared) if (!tapped.has(hook)) issues.push(`meta.hooks lists "${hook}" but the plugin does not tap it`)
    for (const hook of tapped) if (!declared.has(hook)) issues.push(`the plugin taps "${hook}" but meta.hooks does not list it`)
    for (const capability of meta?.capabilities ?? []) {
      for (const hook of capabilityHooks[capability] ?? []) {
        if (!taps.some((tap) => tap.hook === hook && (plugin.namespace === undefined || tap.namespace === plugin.namespace))) {
          issues.push(`capability "${capability}" needs a tap on "${hook}" for "${plugin.namespace}"`)
        }
      }
    }
    for (const view of meta?.views ?? []) if (!portico.views.has(view)) issues.push(`meta.views lists "${view}" but it is not registered`)
    if (plugin.kind === 'chain' && plugin.namespace && !portico.addressValidators.has(plugin.namespace)) {
      issues.push(`a chain plugin registers an address validator for "${plugin.namespace}"`)
    }
    // Every locale the plugin ships loads, with keys under its name and English for each of them.
    let loaders: Readonly<Record<string, () => Promise<Readonly<Record<string, string>>>>> = {}
    try {
      loaders = typeof plugin.locales === 'function' ? await plugin.locales() : (plugin.locales ?? {})
    } catch (error) {
      issues.push(`its locales do not load: ${(error as Error).message.split('\n')[0]}`)
    }
    for (const locale of Object.keys(loaders)) {
      for (const { error } of await portico.messages.load(locale)) issues.push(`locale "${locale}" does not load: ${(error as Error).message.split('\n')[0]}`)
      const strings = await loaders[locale]?.().catch(() => ({}))
      for (const key of Object.keys(strings ?? {})) if (plugin.messages?.[key] === undefined) issues.push(`locale "${locale}" has "${key}", which has no English default in messages`)
    }
    try {
      await portico.destroy()
    } catch (error) {
      issues.push(`dispose failed: ${(error as Error).message}`)
    }
  }
  return { ok: issues.length === 0, issues, taps }
}
