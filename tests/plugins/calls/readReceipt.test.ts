// The calls plugin reads a sequential batch's receipts with a bare eth_getTransactionReceipt over
// fetch (no RPC client of its own): against a real HTTP server on 127.0.0.1, its answers, its
// retries and its typed errors. tests/plugins/eip155/calls.test.ts follows a real batch on anvil.
import { describe, expect, it } from 'vitest'
import { HttpRequestError, ProviderRpcError } from '../../../kernel/kernel.js'
import { readReceipt } from '../../../plugins/calls/eip155/readReceipt.js'
import { startRecordingServer } from '../../kernel/helpers/recordingServer.js'

const hash = `0x${'ab'.repeat(32)}`
const receipt = { transactionHash: hash, status: '0x1', blockNumber: '0x5', gasUsed: '0x5208', logs: [] }

describe('calls readReceipt', () => {
  it('posts eth_getTransactionReceipt and returns the receipt, or null while the node does not know it', async () => {
    let known = false
    const server = await startRecordingServer((_req, res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: known ? receipt : null })))
    try {
      expect(await readReceipt(server.url, hash)).toBeNull()
      known = true
      expect(await readReceipt(server.url, hash)).toMatchObject({ transactionHash: hash, status: '0x1', blockNumber: '0x5', gasUsed: '0x5208' })
      expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ jsonrpc: '2.0', method: 'eth_getTransactionReceipt', params: [hash] })
    } finally {
      await server.close()
    }
  })

  it('asks again after a failed request, then throws HttpRequestError; a JSON-RPC error is a ProviderRpcError with its code', async () => {
    let answer = (res: import('node:http').ServerResponse) => void res.writeHead(502).end('bad gateway')
    const server = await startRecordingServer((_req, res) => answer(res))
    try {
      await expect(readReceipt(server.url, hash)).rejects.toBeInstanceOf(HttpRequestError)
      expect(server.requests).toHaveLength(3)
      answer = (res) => void res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'limit exceeded' } }))
      await expect(readReceipt(server.url, hash)).rejects.toSatisfy((e: unknown) => e instanceof ProviderRpcError && e.code === -32005)
      answer = (res) => void res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ...receipt, status: 'yes' } }))
      await expect(readReceipt(server.url, hash)).rejects.toBeInstanceOf(HttpRequestError)
    } finally {
      await server.close()
    }
    await expect(readReceipt('http://127.0.0.1:9', hash, { attempts: 1 })).rejects.toBeInstanceOf(HttpRequestError)
  })
})
