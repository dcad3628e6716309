import { badRequest } from './badRequest.js'
import { encodeHistoryCursor } from './encodeHistoryCursor.js'

/**
 * Reads a history cursor made by `encodeHistoryCursor`; anything else is a 400.
 *
 * @param cursor - the `cursor` query parameter
 * @returns the block and transaction index the previous page ended at
 * @throws HttpError 400 `cursor is not one this server gave out` for a malformed cursor
 * @example
 * decodeHistoryCursor('MTIuMA') // { block: 12, index: 0 }
 */
export function decodeHistoryCursor(cursor: string): { block: number; index: number } {
  const fail = () => badRequest('cursor is not one this server gave out')
  if (!/^[A-Za-z0-9_-]{3,40}$/.test(cursor)) throw fail()
  const match = /^(\d{1,15})\.(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) throw fail()
  const position = { block: Number(match[1]), index: Number(match[2]) }
  if (!Number.isSafeInteger(position.block) || encodeHistoryCursor(position) !== cursor) throw fail()
  return position
}
