import { definePlugin, version, type Plugin, type PluginContext } from '../../kernel/kernel.js'
import { createProfileApi, type ProfileApi } from './api/createProfileApi.js'
import { NameResolveError } from './errors.js'
import { messages } from './messages.js'
import { meta } from './meta.js'

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

const registerView = 'RegisterAccountName'
const successView = 'RegisterAccountNameSuccess'

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
 * `await import()` the first time ENS is asked.
 *
 * @param options see {@link NamesOptions}
 * @example
 * import { names } from 'portico/names'
 * createPortico({ networks, plugins: [eip155(), names({ ens: { 'eip155:31337': '0x…' } })] })
 */
export function names(options: NamesOptions = {}): Plugin<PluginContext> {
  return definePlugin({
    name: 'names',
    kind: 'feature',
    version,
    meta,
    messages,
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    setup(portico) {
      const zone = (options.zone ?? 'portico.id').toLowerCase()
      const resolvers: Record<string, string> = { 'eip155:1': mainnetUniversalResolver, ...options.ens }
      const api = createProfileApi({
        url: (path, params) => {
          if (!options.apiUrl) return portico.services.blockchainApi.url(path, params)
          const target = new URL(path, options.apiUrl)
          for (const [key, value] of Object.entries({ projectId: portico.options.projectId, ...params })) if (value !== undefined) target.searchParams.set(key, String(value))
          return target.href
        },
      })
      portico.registerStore(
        'names',
        Object.freeze({ zone, api, showSuccess: (name: string) => portico.replaceView(successView, { name }), backToAccount: () => portico.resetView('Account') }) satisfies NamesSettings,
      )

      /** A viem client of the chain's RPC for ENS, or undefined where the chain has no universal resolver. */
      async function ensClient(caipNetworkId: string) {
        const universalResolverAddress = resolvers[caipNetworkId]
        const network = portico.stores.networks.find(caipNetworkId as never)
        const rpcUrl = network?.rpcUrls.default.http[0]
        if (!universalResolverAddress || !rpcUrl) return undefined
        const { createPublicClient, http } = await import('viem')
        return { client: createPublicClient({ transport: http(rpcUrl, { timeout: 10_000 }) }), universalResolverAddress: universalResolverAddress as `0x${string}` }
      }
      const inZone = (name: string) => name.toLowerCase().endsWith(`.${zone}`)
      const avatarOf = (record: { attributes?: { avatar?: string }[] }) => record.attributes?.find((a) => typeof a?.avatar === 'string')?.avatar ?? null

      portico.hooks.fetchProfile.for('eip155').tapPromise('names', async ({ address, caipNetworkId }) => {
        try {
          const [own] = await api.reverse(address)
          if (own) return { name: own.name, avatar: avatarOf(own) }
          const ens = await ensClient(caipNetworkId)
          if (!ens) return { name: null, avatar: null }
          const name = await ens.client.getEnsName({ address: address as `0x${string}`, universalResolverAddress: ens.universalResolverAddress })
          if (!name) return { name: null, avatar: null }
          const avatar = await ens.client.getEnsAvatar({ name, universalResolverAddress: ens.universalResolverAddress }).catch(() => null)
          return { name, avatar }
        } catch (cause) {
          throw new NameResolveError({ cause, details: (cause as Error).message?.slice(0, 200) })
        }
      })

      portico.hooks.resolveName.for('eip155').tapPromise('names', async ({ name, caipNetworkId }) => {
        try {
          if (inZone(name)) {
            const record = await api.lookup(name.toLowerCase())
            if (!record) return undefined
            const chainId = Number(caipNetworkId.split(':')[1])
            const entry = record.addresses[String(coinTypeOf(chainId))] ?? Object.values(record.addresses)[0]
            return entry ? { address: entry.address, name: record.name, avatar: avatarOf(record) } : undefined
          }
          const ens = await ensClient(caipNetworkId)
          if (!ens) return undefined
          const { normalize } = await import('viem/ens')
          const normalized = normalize(name)
          const address = await ens.client.getEnsAddress({ name: normalized, universalResolverAddress: ens.universalResolverAddress })
          return address ? { address, name: normalized } : undefined
        } catch (cause) {
          throw new NameResolveError({ cause, details: (cause as Error).message?.slice(0, 200) })
        }
      })

      portico.hooks.registerViews.tap('names', (registry) => {
        if (!registry.has(registerView)) registry.register({ id: registerView, title: 'names.title', owner: 'names', load: () => import('./views/RegisterAccountNameView.js').then((m) => m.RegisterAccountNameView) })
        if (!registry.has(successView)) registry.register({ id: successView, title: 'names.successTitle', owner: 'names', load: () => import('./views/RegisterAccountNameSuccessView.js').then((m) => m.RegisterAccountNameSuccessView) })
      })
      if (options.register !== false) portico.accountActions.register({ id: 'registerName', owner: 'names', label: 'names.action', view: registerView, icon: 'person', order: 50, namespaces: ['eip155'], placement: 'row' })
      return () => portico.accountActions.remove('registerName')
    },
  })
}
