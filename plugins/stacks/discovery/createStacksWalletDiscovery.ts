import { ProviderRpcError } from '../../../kernel/kernel.js'

/** A SIP-030 provider: `request(method, params)` resolving a JSON-RPC 2.0 envelope (or its result), rejecting with one. */
export type StacksProvider = {
  request(method: string, params?: unknown): Promise<unknown>
  /** Xverse-style events (`accountChange`, `disconnect`): `addListener({ eventName, cb })` returning the remover. */
  addListener?(listener: { eventName: string; cb: (event: unknown) => void }): unknown
}

/** Where a SIP-030 wallet injects itself: a dotted path under `window`, with its name and icon. */
export type StacksInjectedWallet = { id: string; name: string; path: string; icon?: string }

/** A SIP-030 wallet found in the page. */
export type DiscoveredStacksWallet = { id: string; name: string; icon?: string; provider: StacksProvider }

/** Leather and Xverse's Stacks provider, read first (their `wbip_providers` entries are the same objects and are not listed twice). */
export const defaultStacksWallets: readonly StacksInjectedWallet[] = [
  { id: 'LeatherProvider', name: 'Leather', path: 'LeatherProvider' },
  { id: 'XverseProviders.StacksProvider', name: 'Xverse', path: 'XverseProviders.StacksProvider' },
]

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
const forbidden = new Set(['__proto__', 'constructor', 'prototype'])

/** A wallet-supplied name without control or bidi-override characters, at most 64 characters. */
function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const name = value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64)
  return name.length ? name : undefined
}
const cleanIcon = (value: unknown) => (typeof value === 'string' && value.length <= 200_000 && iconPattern.test(value) ? value : undefined)

function read(root: unknown, path: string): unknown {
  let value = root
  for (const part of path.split('.')) {
    if (forbidden.has(part)) return undefined
    try {
      value = (value as Record<string, unknown> | null | undefined)?.[part]
    } catch {
      return undefined
    }
  }
  return value
}

const isProvider = (value: unknown): value is StacksProvider => {
  try {
    return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
  } catch {
    return false
  }
}

/** The WBIP004 list (`window.wbip_providers`) as plain entries, skipping malformed ones and those that offer no Stacks method. */
function listed(target: unknown): StacksInjectedWallet[] {
  let list: unknown
  try {
    list = (target as { wbip_providers?: unknown } | undefined)?.wbip_providers
  } catch {
    return []
  }
  if (!Array.isArray(list)) return []
  const entries: StacksInjectedWallet[] = []
  for (const entry of list.slice(0, 20)) {
    try {
      const { id, name, icon, methods } = entry as { id?: unknown; name?: unknown; icon?: unknown; methods?: unknown }
      const clean = cleanName(name)
      if (typeof id !== 'string' || !pathPattern.test(id) || !clean) continue
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
 * Finds SIP-030 Stacks wallets in the page: `window.LeatherProvider`, `window.XverseProviders.StacksProvider`,
 * the WBIP004 list `window.wbip_providers` (each entry's `id` is the provider's dotted path on `window`)
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
  const listeners = new Set<() => void>()
  const list = (): DiscoveredStacksWallet[] => {
    if (!target) return []
    const fromList = listed(target)
    const seen = new Set<unknown>()
    const ids = new Set<string>()
    const found: DiscoveredStacksWallet[] = []
    for (const wallet of [...wallets, ...fromList]) {
      const provider = read(target, wallet.path)
      if (!isProvider(provider)) continue
      if (seen.has(provider) || ids.has(wallet.id)) {
        // The same wallet again (its WBIP004 entry): only lend the icon it lacked.
        const known = found.find((w) => w.provider === provider || w.id === wallet.id)
        if (known && !known.icon && wallet.icon) known.icon = wallet.icon
        continue
      }
      seen.add(provider)
      ids.add(wallet.id)
      found.push({ id: wallet.id, name: wallet.name, ...(wallet.icon ? { icon: wallet.icon } : {}), provider })
    }
    return found
  }
  const signature = () =>
    list()
      .map((w) => `${w.id}:${w.icon ? 1 : 0}`)
      .join(',')
  let last = signature()
  const check = () => {
    const now = signature()
    if (now === last) return
    last = now
    for (const listener of [...listeners]) listener()
  }
  target?.addEventListener('load', check)
  const started = Date.now()
  const timer = target
    ? setInterval(() => {
        check()
        if (Date.now() - started >= pollForMs) clearInterval(timer)
      }, pollMs)
    : undefined
  const get = (id: string) => list().find((w) => w.id === id)
  return {
    wallets: list,
    get,
    waitFor(id, timeoutMs) {
      const now = get(id)
      if (now || timeoutMs <= 0) return Promise.resolve(now)
      return new Promise((resolve) => {
        const done = (value: DiscoveredStacksWallet | undefined) => {
          clearTimeout(timeout)
          clearInterval(poll)
          resolve(value)
        }
        const poll = setInterval(() => {
          const wallet = get(id)
          if (wallet) done(wallet)
        }, 50)
        const timeout = setTimeout(() => done(undefined), timeoutMs)
      })
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      if (timer) clearInterval(timer)
      target?.removeEventListener('load', check)
      listeners.clear()
    },
  }
}

/** A wallet's refusal or failure as a ProviderRpcError keeping its numeric code (4001: the visitor said no). */
export function stacksWalletError(error: unknown): ProviderRpcError {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined
  const inner = record && typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : record
  const rawCode = inner?.code
  const message = typeof inner?.message === 'string' ? inner.message : error instanceof Error ? error.message : 'The wallet failed'
  const code = typeof rawCode === 'number' && Number.isInteger(rawCode) ? rawCode : /reject|denied|declined|cancel/i.test(message) ? 4001 : -32603
  return new ProviderRpcError({ code, message: message.slice(0, 300) })
}

/**
 * Calls a SIP-030 method and returns its result: the provider resolves a JSON-RPC envelope
 * (`{ jsonrpc, id, result }`) or rejects with one (`{ error: { code, message } }`); some resolve the
 * result itself.
 *
 * @throws ProviderRpcError with the wallet's code (4001 when the visitor refused)
 * @example
 * await callStacksWallet(provider, 'getAddresses')
 */
export async function callStacksWallet(provider: StacksProvider, method: string, params?: unknown): Promise<unknown> {
  let envelope: unknown
  try {
    envelope = await provider.request(method, params)
  } catch (error) {
    throw stacksWalletError(error)
  }
  const record = typeof envelope === 'object' && envelope !== null ? (envelope as Record<string, unknown>) : undefined
  if (record && 'error' in record && record.error) throw stacksWalletError(record.error)
  return record && 'result' in record ? record.result : envelope
}
