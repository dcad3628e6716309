import type { Network, Portico } from '../../kernel/index.js'
import { safeImageSrc } from './safeImageSrc.js'

/**
 * A network's picture: its `assets.imageUrl`, else its `assets.imageId` through the API's
 * `/public/getAssetImage/{id}`; undefined when it has neither (a letter is shown instead).
 *
 * @example
 * networkImageSrc(portico, devnetA)
 */
export function networkImageSrc(portico: Pick<Portico, 'options' | 'endpoints' | 'sdkVersion'>, network: Network): string | undefined {
  const own = safeImageSrc(network.assets?.imageUrl)
  if (own) return own
  const imageId = network.assets?.imageId
  if (typeof imageId === 'string' && /^[-\w.]{1,128}$/.test(imageId)) {
    // The API client's URL (same parameters, same order), built without it: the page buttons draw
    // this before the kernel loads.
    const target = new URL(`/public/getAssetImage/${encodeURIComponent(imageId)}`, portico.endpoints.api)
    for (const [key, value] of Object.entries({ projectId: portico.options.projectId, st: 'portico', sv: portico.sdkVersion })) if (value !== undefined) target.searchParams.set(key, value)
    return safeImageSrc(target.href)
  }
  return undefined
}
