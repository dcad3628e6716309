/**
 * The opaque `next` cursor of a history page: where the page ended (block and transaction index).
 *
 * @param position - the last transaction of the page
 * @returns a base64url string
 * @example
 * encodeHistoryCursor({ block: 12, index: 0 }) // 'MTIuMA'
 */
export function encodeHistoryCursor({ block, index }: { block: number; index: number }): string {
  return Buffer.from(`${block}.${index}`, 'utf8').toString('base64url')
}
