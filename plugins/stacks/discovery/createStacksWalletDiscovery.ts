import { ProviderRpcError } from '../../../kernel/kernel.js'
import { createInjectedWalletPoller, readInjected } from '../../../chain-kit/index.js'

/** A SIP-030 provider: `request(method, params)` resolving a JSON-RPC 2.0 envelope (or its result), rejecting with one. */
export type StacksProvider = {
  request(method: string, params?: unknown): Promise<unknown>
  /** Xverse-style events (`accountChange`, `disconnect`): `addListener({ eventName, cb })` returning the remover. */
  addListener?(listener: { eventName: string; cb: (event: unknown) => void }): unknown
}

/** Where a SIP-030 wallet injects itself: a dotted path under `window`, with its name and icon. */
export type StacksInjectedWallet = { id: string; name: string; path: string; icon?: string }

/**
 * How a Stacks wallet is asked: `sip030` (Leather, the Portico dev wallet, …): `getAddresses` shares
 * the addresses (a prompt), refusals are 4001; `satsConnect` (Xverse): `wallet_connect` shares them and
 * grants the site read access (its `getAddresses` and `stx_getAddresses` refuse a site without it,
 * -32002), and the visitor's refusal is sats-connect's -32000.
 */
export type StacksWalletDialect = 'sip030' | 'satsConnect'

/** A SIP-030 wallet found in the page. */
export type DiscoveredStacksWallet = { id: string; name: string; icon?: string; provider: StacksProvider; dialect: StacksWalletDialect }

/**
 * Leather's provider and Xverse's, read first (their WBIP004 entries are the same objects and are not
 * listed twice). Xverse serves its `stx_*` methods through `XverseProviders.BitcoinProvider`, as
 * `@stacks/connect` calls it: its `XverseProviders.StacksProvider` is the legacy JWT object whose
 * `request` throws "not implemented".
 */
export const defaultStacksWallets: readonly StacksInjectedWallet[] = [
  { id: 'LeatherProvider', name: 'Leather', path: 'LeatherProvider' },
  { id: 'XverseProviders.BitcoinProvider', name: 'Xverse', path: 'XverseProviders.BitcoinProvider' },
]

/** Xverse's provider, by its path or by the legacy calls only Xverse's provider has (the test `@stacks/connect` makes). */
function dialectOf(id: string, provider: unknown): StacksWalletDialect {
  if (id === 'XverseProviders.BitcoinProvider') return 'satsConnect'
  try {
    const p = provider as Record<string, unknown>
    return typeof p.signMultipleTransactions === 'function' && typeof p.createRepeatInscriptions === 'function' && !p.isLeather ? 'satsConnect' : 'sip030'
  } catch {
    return 'sip030'
  }
}

export type CreateStacksWalletDiscoveryReturnType = {
  wallets(): DiscoveredStacksWallet[]
  get(id: string): DiscoveredStacksWallet | undefined
  /** Resolves with the wallet once it is injected, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<DiscoveredStacksWallet | undefined>
  /** Calls `listener` when the list changes (a wallet injected late). */
  onChange(listener: () => void): () => void
  dispose(): void
}

const iconPattern = /^(data:image\/(?:svg\+xml|webp|png|gif);base64,[A-Za-z0-9+/=]+|https:\/\/[^\s"'<>]+)$/
const pathPattern = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*){0,3}$/

/** A wallet-supplied name without control or bidi-override characters, at most 64 characters. */
function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const name = value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64)
  return name.length ? name : undefined
}
// Leather lists its icon as `data:image/svg;base64,…` (no `+xml`): the same SVG, typed as browsers expect it.
const cleanIcon = (value: unknown) => {
  const icon = typeof value === 'string' ? value.replace(/^data:image\/svg;/, 'data:image/svg+xml;') : value
  return typeof icon === 'string' && icon.length <= 200_000 && iconPattern.test(icon) ? icon : undefined
}

const isProvider = (value: unknown): value is StacksProvider => {
  try {
    return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
  } catch {
    return false
  }
}

/**
 * The WBIP004 lists as plain entries: `window.wbip_providers` (entries without a Stacks method
 * skipped), then `window.btc_providers` (where Leather and Xverse list themselves: only entries that
 * name an `stx_` method, since the list is Bitcoin's); malformed entries skipped.
 */
function listed(target: unknown): StacksInjectedWallet[] {
  const entries: StacksInjectedWallet[] = []
  for (const [key, needsStacksMethod] of [['wbip_providers', false], ['btc_providers', true]] as const) {
    let list: unknown
    try {
      list = (target as Record<string, unknown> | undefined)?.[key]
    } catch {
      continue
    }
    if (Array.isArray(list)) entries.push(...entriesOf(list, needsStacksMethod))
  }
  return entries
}

function entriesOf(list: unknown[], needsStacksMethod: boolean): StacksInjectedWallet[] {
  const entries: StacksInjectedWallet[] = []
  for (const entry of list.slice(0, 20)) {
    try {
      const { id, name, icon, methods } = entry as { id?: unknown; name?: unknown; icon?: unknown; methods?: unknown }
      const clean = cleanName(name)
      if (typeof id !== 'string' || !pathPattern.test(id) || !clean) continue
      if (needsStacksMethod && !(Array.isArray(methods) && methods.some((m) => typeof m === 'string' && m.startsWith('stx_')))) continue
      if (Array.isArray(methods) && !methods.some((m) => typeof m === 'string' && (m.startsWith('stx_') || m === 'getAddresses'))) continue
      const cleanedIcon = cleanIcon(icon)
      entries.push({ id, name: clean, path: id, ...(cleanedIcon ? { icon: cleanedIcon } : {}) })
    } catch {
      // A hostile entry (a throwing getter) is skipped.
    }
  }
  return entries
}

/**
 * Finds SIP-030 Stacks wallets in the page: `window.LeatherProvider`, `window.XverseProviders.BitcoinProvider`
 * (Xverse's Stacks methods), the WBIP004 lists `window.wbip_providers` and `window.btc_providers` (entries
 * naming an `stx_` method; each entry's `id` is the provider's dotted path on `window`)
 * and the `wallets` a site adds. A provider object is listed once, under the first entry that names it
 * (Leather's own `wbip_providers` entry gives it its icon). Extensions inject late, so the page is read
 * again on `load` and every `pollMs` for `pollForMs`.
 *
 * @param target the window
 * @param wallets the injection paths to read before the WBIP004 list
 * @returns the live list and helpers
 * @example
 * const discovery = createStacksWalletDiscovery(window, defaultStacksWallets)
 */
export function createStacksWalletDiscovery(
  target: (EventTarget & Record<string, unknown>) | undefined,
  wallets: readonly StacksInjectedWallet[],
  { pollMs = 250, pollForMs = 3_000 }: { pollMs?: number; pollForMs?: number } = {},
): CreateStacksWalletDiscoveryReturnType {
  const list = (): DiscoveredStacksWallet[] => {
    const fromList = listed(target)
    const seen = new Set<unknown>()
    const ids = new Set<string>()
    const found: DiscoveredStacksWallet[] = []
    for (const wallet of [...wallets, ...fromList]) {
      const provider = readInjected(target, wallet.path)
      if (!isProvider(provider)) continue
      if (seen.has(provider) || ids.has(wallet.id)) {
        // The same wallet again (its WBIP004 entry): only lend the icon it lacked.
        const known = found.find((w) => w.provider === provider || w.id === wallet.id)
        if (known && !known.icon && wallet.icon) known.icon = wallet.icon
        continue
      }
      seen.add(provider)
      ids.add(wallet.id)
      found.push({ id: wallet.id, name: wallet.name, ...(wallet.icon ? { icon: wallet.icon } : {}), provider, dialect: dialectOf(wallet.id, provider) })
    }
    return found
  }
  // A wallet's icon arriving later (its WBIP004 entry) is a change too.
  const signature = (found: DiscoveredStacksWallet[]) => found.map((w) => `${w.id}:${w.icon ? 1 : 0}`).join(',')
  return createInjectedWalletPoller({ target, list, signature, pollMs, pollForMs })
}

/**
 * A wallet's refusal or failure as a ProviderRpcError keeping its numeric code (4001: the visitor said
 * no; Xverse's -32000, sats-connect's `USER_REJECTION`, is read as 4001 too).
 */
export function stacksWalletError(error: unknown, dialect: StacksWalletDialect = 'sip030'): ProviderRpcError {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined
  const inner = record && typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : record
  const rawCode = inner?.code
  const message = typeof inner?.message === 'string' ? inner.message : error instanceof Error ? error.message : 'The wallet failed'
  const code = typeof rawCode === 'number' && Number.isInteger(rawCode) ? (dialect === 'satsConnect' && rawCode === -32000 ? 4001 : rawCode) : /reject|denied|declined|cancel/i.test(message) ? 4001 : -32603
  return new ProviderRpcError({ code, message: message.slice(0, 300) })
}

/**
 * Calls a SIP-030 method and returns its result: the provider resolves a JSON-RPC envelope
 * (`{ jsonrpc, id, result }`) or rejects with one (`{ error: { code, message } }`); Xverse resolves its
 * error envelopes; some resolve the result itself.
 *
 * @throws ProviderRpcError with the wallet's code (4001 when the visitor refused)
 * @example
 * await callStacksWallet(provider, 'getAddresses')
 */
export async function callStacksWallet(provider: StacksProvider, method: string, params?: unknown, dialect: StacksWalletDialect = 'sip030'): Promise<unknown> {
  let envelope: unknown
  try {
    envelope = await provider.request(method, params)
  } catch (error) {
    throw stacksWalletError(error, dialect)
  }
  // Xverse resolves its errors (`{ jsonrpc, id, error }`) rather than rejecting.
  const record = typeof envelope === 'object' && envelope !== null ? (envelope as Record<string, unknown>) : undefined
  if (record && 'error' in record && record.error) throw stacksWalletError(record.error, dialect)
  return record && 'result' in record ? record.result : envelope
}
