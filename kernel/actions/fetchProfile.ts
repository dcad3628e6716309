import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import type { ProfileResult } from '../types/hooks.js'
import { shareInFlight } from './shareInFlight.js'
import type { FetchProfileParameters } from '../types/actions.js'


const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max
/** Avatars the UI may show: https, or an image data URI. */
const isAvatar = (value: unknown): value is string => isText(value, 100_000) && /^(https:\/\/\S+|data:image\/[a-z+.-]+[;,]\S+)$/i.test(value)

/**
 * The connected account's name and avatar through the namespace's `fetchProfile` taps (a name
 * service plugin), written to the account store (`profileName`, `profileImage`) for the Account
 * view and the account button. Kept for the account until `force` asks again; without a tap it
 * asks nothing. Never throws: a failure is reported and leaves the address shown.
 *
 * @returns the profile, or undefined when nobody answered
 * @example
 * await portico.fetchProfile('eip155', { force: true })
 */
export async function fetchProfile(portico: PorticoBase, namespace?: ChainNamespace, { force = false }: FetchProfileParameters = {}): Promise<ProfileResult | undefined> {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  const { connections, networks, accounts } = portico.stores
  const address = connections.address(ns)
  const caipNetworkId = connections.get(ns).caipNetworkId ?? networks.activeOf(ns)?.caipNetworkId
  const hook = portico.hooks.fetchProfile.get(ns)
  if (!address || !caipNetworkId || !hook?.isUsed()) return undefined
  const current = accounts.get(ns)
  const key = `${caipNetworkId}:${address}`
  if (!force && current.profileFor === key) return { name: current.profileName ?? null, avatar: current.profileImage ?? null }
  return shareInFlight(portico, `profile:${key}:${force}`, async () => {
    try {
      const network = networks.find(caipNetworkId)
      const answer = await hook.promise({ namespace: ns, address, caipNetworkId, ...(network ? { network } : {}) })
      const profile: ProfileResult = { name: isText(answer?.name, 255) ? answer.name : null, avatar: isAvatar(answer?.avatar) ? answer.avatar : null }
      // The account may have changed meanwhile: only its own answer is kept.
      if (connections.address(ns) === address) runInAction(() => accounts.update(ns, { profileName: profile.name, profileImage: profile.avatar, profileFor: key }))
      return profile
    } catch (error) {
      portico.reportError(error, { namespace: ns, action: 'fetchProfile' })
      return undefined
    }
  })
}
export type { FetchProfileParameters } from '../types/actions.js'
