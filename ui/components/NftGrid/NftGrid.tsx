import { useState } from 'react'
import type { Nft } from '../../../kernel/kernel.js'
import { safeImageSrc } from '../../utils/safeImageSrc.js'

function NftPicture({ nft }: { nft: Nft }) {
  const src = safeImageSrc(nft.imageUrl)
  const [broken, setBroken] = useState(false)
  if (!src || broken) {
    return (
      <span className="portico-nft-grid__placeholder" role="img" aria-label={nft.name}>
        {[...nft.collection.symbol || nft.name][0]?.toUpperCase() ?? '?'}
      </span>
    )
  }
  return <img className="portico-nft-grid__image" src={src} alt={nft.name} loading="lazy" decoding="async" referrerPolicy="no-referrer" draggable={false} onError={() => setBroken(true)} />
}

/**
 * The account's NFTs in a grid: the image (its alt text is the NFT's name) and the name, on two
 * lines at most (the whole name in its title).
 *
 * @example
 * <NftGrid nfts={account.nfts ?? []} />
 */
export function NftGrid({ nfts }: { nfts: readonly Nft[] }) {
  return (
    <ul className="portico-nft-grid">
      {nfts.map((nft) => (
        <li key={`${nft.contract}/${nft.tokenId}`} className="portico-nft-grid__item">
          <NftPicture nft={nft} />
          <span className="portico-nft-grid__name" aria-hidden="true" title={nft.name}>
            {nft.name}
          </span>
        </li>
      ))}
    </ul>
  )
}
