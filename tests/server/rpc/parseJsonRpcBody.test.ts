import { describe, expect, it } from 'vitest'
import { parseJsonRpcBody } from '../../../server/rpc/parseJsonRpcBody.js'

describe('parseJsonRpcBody', () => {
  it('accepts a single request and a batch', () => {
    expect(parseJsonRpcBody('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')).toEqual({
      ok: true,
      batch: false,
      requests: [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }],
    })
    const batch = parseJsonRpcBody('[{"jsonrpc":"2.0","id":"a","method":"m","params":[]},{"jsonrpc":"2.0","method":"n","params":{}}]')
    expect(batch).toMatchObject({ ok: true, batch: true })
  })

  it.each([
    ['{', -32700],
    ['', -32700],
    ['[]', -32600],
    ['null', -32600],
    ['{"jsonrpc":"2.0","id":1,"method":""}', -32600],
    ['{"jsonrpc":"2.0","id":true,"method":"m"}', -32600],
    ['{"jsonrpc":"2.0","id":1,"method":"m","params":5}', -32600],
    [`{"jsonrpc":"2.0","id":1,"method":"${'m'.repeat(200)}"}`, -32600],
    [JSON.stringify(Array.from({ length: 1001 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'm' }))), -32600],
  ])('rejects %s with %i', (text, code) => {
    expect(parseJsonRpcBody(text)).toMatchObject({ ok: false, code })
  })
})
