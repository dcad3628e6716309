import type { Portico } from '../../kernel/kernel.js'
import { safeImageSrc } from './safeImageSrc.js'

/**
 * The image of a wallet: a connector's own icon, or a directory entry's `image_url`, else its
 * `image_id` through the directory's `/getWalletImage/{id}`.
 *
 * @param portico - the instance (for the API's URL)
 * @param wallet - a connector or a directory entry
 * @returns a safe URL, or undefined
 * @example
 * walletImageSrc(portico, { id: 'x', name: 'X', image_id: 'abc' }) // 'https://…/getWalletImage/abc?projectId=…'
 */
export function walletImageSrc(portico: Portico, wallet: { imageUrl?: unknown; image_url?: unknown; imageId?: unknown; image_id?: unknown }): string | undefined {
  const own = safeImageSrc(wallet.imageUrl) ?? safeImageSrc(wallet.image_url)
  if (own) return own
  const imageId = wallet.imageId ?? wallet.image_id
  if (typeof imageId === 'string' && /^[-\w.]{1,128}$/.test(imageId)) {
    return safeImageSrc(portico.services.api.url(`/getWalletImage/${encodeURIComponent(imageId)}`))
  }
  return undefined
}
