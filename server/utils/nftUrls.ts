/**
 * Where the server serves one ERC-721 token's metadata JSON and its generated image.
 *
 * @param baseUrl - the server's origin, e.g. `http://127.0.0.1:4700`
 * @param chainId - CAIP-2 id, e.g. `eip155:31337`
 * @param contract - the collection's address (checksummed in the URL as given)
 * @param tokenId - the token id as a decimal string
 * @returns `{ metadataUrl, imageUrl }`
 * @example
 * nftUrls('http://127.0.0.1:4700', 'eip155:31337', '0x…', '1').imageUrl
 */
export function nftUrls(baseUrl: string, chainId: string, contract: string, tokenId: string): { metadataUrl: string; imageUrl: string } {
  const path = `${encodeURIComponent(chainId)}/${contract}/${tokenId}`
  return { metadataUrl: `${baseUrl}/v1/nft/${path}`, imageUrl: `${baseUrl}/public/getNftImage/${path}` }
}
