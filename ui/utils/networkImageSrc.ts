import type { Network, Portico } from '../../kernel/index.js'
import { safeImageSrc } from './safeImageSrc.js'

/**
 * A network's picture: its `assets.imageUrl`, else its `assets.imageId` through the API's
 * `/public/getAssetImage/{id}`; undefined when it has neither (a letter is shown instead).
 *
 * @example
 * networkImageSrc(portico, devnetA)
 */
export function networkImageSrc(portico: Portico, network: Network): string | undefined {
  const own = safeImageSrc(network.assets?.imageUrl)
  if (own) return own
  const imageId = network.assets?.imageId
  if (typeof imageId === 'string' && /^[-\w.]{1,128}$/.test(imageId)) {
    return safeImageSrc(portico.services.api.url(`/public/getAssetImage/${encodeURIComponent(imageId)}`))
  }
  return undefined
}
