import type { Disposer, PluginContext } from '../../../kernel/kernel.js'
import { createProfileApi } from '../api/createProfileApi.js'
import { NameResolveError } from '../errors.js'
import { coinTypeOf, mainnetUniversalResolver, type NamesOptions, type NamesSettings } from '../names.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

const registerView = 'RegisterAccountName'
const successView = 'RegisterAccountNameSuccess'

/**
 * The names plugin's `setup`, loaded with the kernel (`names().load()`), not with the page: the
 * zone's profile API client and the plugin's store, the eip155 `fetchProfile` and `resolveName`
 * taps (the zone, else ENS through viem, loaded the first time ENS is asked), the register views'
 * descriptors and the Account view's "Register a name" row (hidden once the account has a name).
 *
 * @param portico - the plugin's context
 * @param options - the site's {@link NamesOptions}
 * @returns the disposer
 * @example
 * const dispose = setupNames(context, { zone: 'portico.id' })
 */
export function setupNames(portico: PluginContext, options: NamesOptions): Disposer {
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
    if (!registry.has(registerView)) registry.register({ id: registerView, title: 'names.title', owner: 'names', load: () => import('../views/RegisterAccountNameView.js').then((m) => m.RegisterAccountNameView) })
    if (!registry.has(successView)) registry.register({ id: successView, title: 'names.successTitle', owner: 'names', load: () => import('../views/RegisterAccountNameSuccessView.js').then((m) => m.RegisterAccountNameSuccessView) })
  })
  // "Register a name" only while the account has none (its own zone's or ENS): once named, the row goes.
  if (options.register !== false)
    portico.accountActions.register({
      id: 'registerName',
      owner: 'names',
      label: 'names.action',
      view: registerView,
      icon: 'person',
      order: 50,
      namespaces: ['eip155'],
      placement: 'row',
      shows: ({ namespace, address }) => {
        const account = portico.stores.accounts.get(namespace)
        return !(account.profileName && portico.stores.connections.address(namespace) === address)
      },
    })
  return () => portico.accountActions.remove('registerName')
}
