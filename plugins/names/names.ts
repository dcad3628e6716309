import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { ProfileApi } from './api/createProfileApi.js'

export type NamesOptions = {
  /** The name zone's suffix (default `portico.id`): names registered here end in `.<zone>`. */
  zone?: string
  /** A server speaking the name API (`/v1/profile/*`); default the instance's blockchain API. */
  apiUrl?: string
  /** ENS universal resolvers by CAIP-2 chain id, added to Ethereum mainnet's. */
  ens?: Record<string, string>
  /** Whether the Account view offers "Register a name" (default true). */
  register?: boolean
}

/** What the views read back (`portico.getStore('names')`). */
export type NamesSettings = Readonly<{
  zone: string
  api: ProfileApi
  /** After a registration: RegisterAccountNameSuccess in place of the form (spec §4). */
  showSuccess(name: string): void
  /** From the success view back to the Account view. */
  backToAccount(): void
}>

/** Ethereum mainnet's ENS universal resolver (the address viem's mainnet definition carries). */
export const mainnetUniversalResolver = '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupNames.js'))

/** The ENSIP-11 coin type of an EVM chain (60 for Ethereum mainnet). */
export function coinTypeOf(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}

/**
 * The names feature plugin (eip155): the connected account's name and avatar (the zone's, else
 * its ENS primary name checked forward, with its `avatar` record), names accepted as a send's
 * receiver (`<label>.<zone>` from the zone, other names from ENS), and registration of a zone
 * name from the Account view: RegisterAccountName, the wallet's signature over `{ name,
 * attributes, timestamp }`, then RegisterAccountNameSuccess. viem's ENS code loads with
 * `await import()` the first time ENS is asked. Its setup loads with the kernel (`load()`), not with
 * the page.
 *
 * @param options see {@link NamesOptions}
 * @example
 * import { names } from 'portico/names'
 * createPortico({ networks, plugins: [eip155(), names({ ens: { 'eip155:31337': '0x…' } })] })
 */
export function names(options: NamesOptions = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'names',
    kind: 'feature',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupNames(portico, options),
  })
}
