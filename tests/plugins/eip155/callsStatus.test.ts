// getCallsStatus over a WalletConnect-like channel (the real eip155 plugin encodes the requests, loading
// its encoders lazily) and fetchUserOperationReceipt against a real local HTTP server playing the
// server's bundler route. Here, not in tests/kernel: the kernel suite also runs under
// --disallow-code-generation-from-strings, where vitest cannot resolve a plugin's relative import().
import '../../helpers/eip155Loaded.js'
import '../../helpers/callsLoaded.js'
import { afterEach, describe, expect, it } from 'vitest'
import { createPorticoKernel, definePlugin, HttpRequestError, version, type ConnectionChannel } from '../../../kernel/kernel.js'
import { CallsStatusNotApprovedError, UserOperationReceiptError } from '../../../plugins/calls/errors.js'
import { eip155 } from '../../../plugins/eip155/index.js'
import { calls } from '../../../plugins/calls/index.js'
import { startRecordingServer } from '../../kernel/helpers/recordingServer.js'
import { memoryStorage } from '../../kernel/helpers/testKit.js'
import { devnet, smart } from '../../plugins/calls/helpers.js'

const userOpHash = `0x${'ab'.repeat(32)}`
const txHash = `0x${'cd'.repeat(32)}`
const receiptResult = {
  userOpHash,
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  sender: smart,
  nonce: '0x0',
  success: true,
  actualGasCost: '0x2386f26fc10000',
  actualGasUsed: '0x1d4c0',
  logs: [],
  receipt: { transactionHash: txHash, blockNumber: '0x2a', status: '0x1' },
}

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

/** A connector that carries eip155 requests over a channel, as the WalletConnect plugin does. */
function channelConnector(channel: ConnectionChannel) {
  return definePlugin({
    name: 'fake-wc',
    kind: 'connector',
    version,
    meta: { description: 'test', capabilities: [], hooks: [], views: [], errors: [] } as never,
    setup(portico) {
      portico.hooks.discoverWallets.for('eip155').tapPromise('fake-wc', async (context) => context.add({ id: 'wc', name: 'WC', namespace: 'eip155', type: 'WALLET_CONNECT' }))
      portico.hooks.connect.for('eip155').tapPromise('fake-wc', async () => ({ connectorId: 'wc', accounts: [{ address: smart, type: 'smartAccount' }], caipNetworkId: 'eip155:31337', channel }))
    },
  })
}

async function overChannel(channel: ConnectionChannel, api = 'http://127.0.0.1:9') {
  const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155({}, { window: null }), channelConnector(channel), calls()], storage: memoryStorage(), endpoints: { api } })
  await portico.ready()
  await portico.discoverWallets('eip155')
  await portico.connect({ connectorId: 'wc', namespace: 'eip155' })
  return portico
}

describe('getCallsStatus over a channel', () => {
  it("throws 'Fetching call status not approved by the wallet' when the session did not approve wallet_getCallsStatus and names no bundler", async () => {
    const sent: string[] = []
    const portico = await overChannel({ request: async (r) => void sent.push(r.method), supports: () => false })
    const error = await portico.getCallsStatus(userOpHash).catch((e) => e)
    expect(error).toBeInstanceOf(CallsStatusNotApprovedError)
    expect(error.shortMessage).toBe('Fetching call status not approved by the wallet')
    expect(sent).toEqual([])
    await portico.destroy()
  })

  it('asks the wallet when the session approved the method, in the EIP-5792 v2 shape', async () => {
    const sent: { method: string; params?: unknown }[] = []
    const portico = await overChannel({
      request: async (r) => {
        sent.push(r)
        return { version: '2.0.0', id: userOpHash, chainId: '0x7a69', atomic: true, status: 200, receipts: [{ transactionHash: txHash, status: '0x1', blockNumber: '0x2a', gasUsed: '0x5208', logs: [] }] }
      },
      supports: (method) => method === 'wallet_getCallsStatus',
    })
    expect(await portico.getCallsStatus(userOpHash)).toEqual({ id: userOpHash, caipNetworkId: 'eip155:31337', status: 'success', statusCode: 200, atomic: true, receipts: [{ transactionHash: txHash, status: 'success', blockNumber: '42', gasUsed: '21000' }] })
    expect(sent.map((s) => [s.method, s.params])).toEqual([['wallet_getCallsStatus', [userOpHash]]])
    await portico.destroy()
  })

  it('answers from the bundler route when the session names a bundler (bundler_name) and the id is a user-operation hash', async () => {
    const server = await startRecordingServer((_req, res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: receiptResult })))
    close = server.close
    const portico = await overChannel({ request: async () => undefined, supports: () => false, properties: () => ({ bundler_name: 'alto' }) }, server.url)
    const status = await portico.getCallsStatus(userOpHash)
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: true, receipts: [{ transactionHash: txHash, status: 'success', blockNumber: '42', gasUsed: '120000' }] })
    const url = new URL(server.requests.find((r) => r.url.startsWith('/v1/bundler'))!.url, server.url)
    expect([url.pathname, url.searchParams.get('chainId'), url.searchParams.get('bundler'), url.searchParams.get('projectId')]).toEqual(['/v1/bundler', 'eip155:31337', 'alto', 'test'])
    // A non-hash id cannot be a user operation: the contract's error again.
    await expect(portico.getCallsStatus('custom-id')).rejects.toBeInstanceOf(CallsStatusNotApprovedError)
    await portico.destroy()
  })
})

describe('fetchUserOperationReceipt', () => {
  async function withServer(answer: (res: import('node:http').ServerResponse) => void) {
    const server = await startRecordingServer((_req, res) => answer(res))
    close = server.close
    const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155({}, { window: null }), calls()], storage: memoryStorage(), endpoints: { api: server.url } })
    return { portico, server }
  }

  it('posts eth_getUserOperationReceipt to /v1/bundler and returns the receipt with decimal quantities', async () => {
    const { portico, server } = await withServer((res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: receiptResult })))
    expect(await portico.fetchUserOperationReceipt(userOpHash, { bundler: 'alto' })).toEqual({
      userOpHash,
      entryPoint: receiptResult.entryPoint,
      sender: smart,
      nonce: '0',
      success: true,
      actualGasCost: '10000000000000000',
      actualGasUsed: '120000',
      transactionHash: txHash,
      blockNumber: '42',
    })
    const request = server.requests.find((r) => r.url.startsWith('/v1/bundler'))!
    expect(request.method).toBe('POST')
    expect(JSON.parse(request.body)).toMatchObject({ jsonrpc: '2.0', method: 'eth_getUserOperationReceipt', params: [userOpHash] })
    expect(new URL(request.url, server.url).searchParams.get('chainId')).toBe('eip155:31337')
    await portico.destroy()
  })

  it('returns null while the operation is not included', async () => {
    const { portico } = await withServer((res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: null })))
    expect(await portico.fetchUserOperationReceipt(userOpHash)).toBeNull()
    await portico.destroy()
  })

  it("throws 'Failed to fetch user operation receipt' with its cause for errors and garbage", async () => {
    const answers: [string, (res: import('node:http').ServerResponse) => void][] = [
      ['HTTP 500', (res) => ((res.statusCode = 500), res.end('boom'))],
      ['HTTP 400 UNSUPPORTED_CHAIN', (res) => ((res.statusCode = 400), res.end(JSON.stringify({ code: 'UNSUPPORTED_CHAIN' })))],
      ['not JSON', (res) => res.end('<html>garbage')],
      ['a JSON array', (res) => res.end('[1,2]')],
      ['a JSON-RPC error', (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Failed to fetch user operation receipt' } }))],
      ['no result', (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1 }))],
      ['a malformed receipt', (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ...receiptResult, sender: 'nope' } }))],
      ['a receipt without success', (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ...receiptResult, success: 'yes' } }))],
    ]
    for (const [label, answer] of answers) {
      const { portico } = await withServer(answer)
      const error = await portico.fetchUserOperationReceipt(userOpHash).catch((e) => e)
      expect(error, label).toBeInstanceOf(UserOperationReceiptError)
      expect(error.shortMessage, label).toBe('Failed to fetch user operation receipt')
      expect(error.cause !== undefined || error.details !== undefined, label).toBe(true)
      if (label.startsWith('HTTP')) expect(error.cause, label).toBeInstanceOf(HttpRequestError)
      await portico.destroy()
      await close?.()
      close = undefined
    }
  })

  it('throws it when the route cannot be reached, and refuses a malformed hash or bundler name before any request', async () => {
    const server = await startRecordingServer()
    await server.close()
    const portico = createPorticoKernel({ projectId: 'test', networks: [devnet], plugins: [eip155({}, { window: null }), calls()], storage: memoryStorage(), endpoints: { api: server.url } })
    await expect(portico.fetchUserOperationReceipt(userOpHash)).rejects.toBeInstanceOf(UserOperationReceiptError)
    await expect(portico.fetchUserOperationReceipt('0x1234')).rejects.toThrow('The user operation hash must be 32 bytes of hex')
    await expect(portico.fetchUserOperationReceipt(userOpHash, { bundler: 'a/b' })).rejects.toThrow(/The bundler name/)
    await portico.destroy()
  })
})
