import { describe, expect, it } from 'vitest'
import { readRawJsonRpcId } from '../../../server/relay/readRawJsonRpcId.js'

describe('readRawJsonRpcId', () => {
  it('returns a 19-digit numeric id verbatim, beyond what a double keeps', () => {
    const text = '{"id":1763712345678901234,"jsonrpc":"2.0","result":true}'
    expect(readRawJsonRpcId(text)).toBe('1763712345678901234')
    expect(String((JSON.parse(text) as { id: number }).id)).not.toBe('1763712345678901234')
  })

  it('returns string ids with their quotes, and null', () => {
    expect(readRawJsonRpcId('{"jsonrpc":"2.0","id":"1763712345678901234n","result":true}')).toBe('"1763712345678901234n"')
    expect(readRawJsonRpcId('{ "id" : null }')).toBe('null')
  })

  it('ignores "id" keys nested in params or inside strings', () => {
    const text = '{"method":"x","params":{"id":"inner","data":{"id":5,"s":"\\"id\\":7"}},"note":"{\\"id\\":9}","id":42}'
    expect(readRawJsonRpcId(text)).toBe('42')
    expect(readRawJsonRpcId('{"params":[{"id":1}],"x":"id"}')).toBeUndefined()
  })

  it('handles escaped quotes and backslashes before the id', () => {
    const endsInBackslash = JSON.stringify({ a: 'x\\', b: 'say "id":1', id: 5 })
    expect(readRawJsonRpcId(endsInBackslash)).toBe('5')
    const escapedQuote = JSON.stringify({ a: 'q\\"', id: 6 })
    expect(readRawJsonRpcId(escapedQuote)).toBe('6')
    expect(readRawJsonRpcId(JSON.stringify({ '\"id': 1, id: 'x' }))).toBe('"x"')
  })

  it('keeps the last of duplicate ids, as JSON.parse does', () => {
    expect(readRawJsonRpcId('{"id":1,"id":2}')).toBe('2')
  })

  it('returns undefined for non-objects', () => {
    expect(readRawJsonRpcId('[{"id":1}]')).toBeUndefined()
    expect(readRawJsonRpcId('12')).toBeUndefined()
  })
})
