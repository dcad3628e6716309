// The eip155 plugin's RPC client over several URLs (viem's `fallback` with ranking): it pings every
// URL every 4 s to rank them, and stops for good when the plugin's signal aborts. Real loopback
// JSON-RPC servers that count the pings.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import '../../helpers/eip155Loaded.js'
import { createPorticoKernel } from '../../../kernel/kernel.js'
import { createRpcClient } from '../../../plugins/eip155/actions/createRpcClient.js'
import { defineNetwork, eip155 } from '../../../plugins/eip155/index.js'
import { contextKeeper, memoryStorage } from '../../kernel/helpers/testKit.js'

type Node = { url: string; pings: number; calls: string[]; server: Server }
const nodes: Node[] = []

/** A JSON-RPC node on a free loopback port: `net_listening` true, `eth_chainId` 0x7a69. */
async function startNode(): Promise<Node> {
  const node = { url: '', pings: 0, calls: [] as string[], server: undefined as unknown as Server }
  node.server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[]
    const answer = (call: { id: number; method: string }) => {
      if (call.method === 'net_listening') node.pings += 1
      else node.calls.push(call.method)
      return { jsonrpc: '2.0', id: call.id, result: call.method === 'net_listening' ? true : '0x7a69' }
    }
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)))
  })
  await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', () => resolve()))
  const address = node.server.address()
  node.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  nodes.push(node)
  return node
}

let a: Node, b: Node, c: Node, d: Node, e: Node, f: Node
beforeAll(async () => {
  ;[a, b, c, d, e, f] = await Promise.all([startNode(), startNode(), startNode(), startNode(), startNode(), startNode()])
})
afterAll(async () => {
  for (const node of nodes) node.server.closeAllConnections()
  await Promise.all(nodes.map((node) => new Promise((resolve) => node.server.close(resolve))))
})

describe('eip155 createRpcClient over several URLs', () => {
  it('ranks every URL with a ping every 4 s until its signal aborts, and then pings no more; the plugin aborts it when the kernel is destroyed', async () => {
    // The ranking waits 4 s between rounds on the clock: a fake one, moved past the next round by the
    // test (and on with real time, for viem's zero-delay batching). The requests go over real HTTP to the local nodes.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const stopped = new AbortController()
    const running = new AbortController()
    // A kernel with the eip155 plugin whose network has two URLs (e, f), read through the adapter's rpcRequest (context.chains).
    const reader = contextKeeper()
    const portico = createPorticoKernel({ projectId: 'test', networks: [defineNetwork({ id: 31337, name: 'K', rpcUrls: [e.url, f.url] })], plugins: [eip155(), reader.plugin], storage: memoryStorage(), endpoints: { api: 'http://127.0.0.1:9' } })
    try {
      await portico.ready()
      const stoppedClient = await createRpcClient(defineNetwork({ id: 31337, name: 'A', rpcUrls: [a.url, b.url] }), { signal: stopped.signal })
      const runningClient = await createRpcClient(defineNetwork({ id: 31337, name: 'B', rpcUrls: [c.url, d.url] }), { signal: running.signal })
      expect(await stoppedClient.request({ method: 'eth_chainId' })).toBe('0x7a69')
      expect(await runningClient.request({ method: 'eth_chainId' })).toBe('0x7a69')
      expect(await reader.context().chains.call('eip155', 'rpcRequest', { namespace: 'eip155', network: portico.stores.networks.find('eip155:31337')!, method: 'eth_chainId' })).toEqual({ result: '0x7a69' })
      // The first ranking pings each URL at once.
      await expect.poll(() => [a.pings, b.pings, c.pings, d.pings, e.pings, f.pings], { timeout: 5_000 }).toEqual([1, 1, 1, 1, 1, 1])
      stopped.abort()
      await portico.destroy()
      // Past the next round (4 s): the client whose signal is live pinged again; the stopped one and the destroyed kernel's did not
      // (their rounds came due at the same moment, and would have sent their pings before these were answered).
      await vi.advanceTimersByTimeAsync(4_000)
      await expect.poll(() => [c.pings, d.pings], { timeout: 5_000 }).toEqual([2, 2])
      expect([a.pings, b.pings, e.pings, f.pings]).toEqual([1, 1, 1, 1])
      // The stopped client still answers requests: only its ranking ended.
      expect(await stoppedClient.request({ method: 'eth_chainId' })).toBe('0x7a69')
    } finally {
      vi.useRealTimers()
      running.abort()
      await portico.destroy()
    }
  })
})
