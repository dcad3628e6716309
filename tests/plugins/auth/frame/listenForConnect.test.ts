import { MessageChannel, type MessagePort as NodeMessagePort } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { createConnectListener, isConnectMessage } from '../../../../plugins/auth/frame/connection/listenForConnect.js'
import { createFrameHandler } from '../../../../plugins/auth/frame/handler/createFrameHandler.js'
import { fakeAuthServer } from './fakeAuthServer.js'
import { memoryStorage } from './memoryStorage.js'

const allowed = ['http://127.0.0.1:*', 'https://*.example.com']
const connect = { type: 'portico-auth:connect', version: 1 }
const open: NodeMessagePort[] = []

function channel() {
  const { port1, port2 } = new MessageChannel()
  open.push(port1, port2)
  const received: unknown[] = []
  port1.on('message', (message) => received.push(message))
  // What the frame posted, as it posts it: the listener posts ready on a port it accepts at once, so
  // an empty list right after a connect means the connect was refused, with no wait on time.
  const posted: unknown[] = []
  const post = port2.postMessage.bind(port2)
  port2.postMessage = (message: unknown) => {
    posted.push(message)
    post(message)
  }
  const closed = new Promise<void>((resolve) => port1.once('close', () => resolve()))
  return { site: port1, frame: port2 as unknown as MessagePort, received, posted, closed }
}

/** Waits until the site's side of a channel has received `count` messages (port delivery and the handler are asynchronous: a fixed wait failed under a full suite's load). */
const received = (c: ReturnType<typeof channel>, count: number) => expect.poll(() => c.received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count)

afterEach(() => {
  for (const port of open.splice(0)) port.close()
})

describe('the connect listener', () => {
  it('accepts only the connect message, version 1, one port, from an allowed origin', () => {
    const port = {} as MessagePort
    expect(isConnectMessage({ data: connect, origin: 'http://127.0.0.1:4700', ports: [port] }, allowed)).toBe(true)
    expect(isConnectMessage({ data: connect, origin: 'https://shop.example.com', ports: [port] }, allowed)).toBe(true)
    expect(isConnectMessage({ data: connect, origin: 'http://127.0.0.1.evil.com', ports: [port] }, allowed)).toBe(false)
    expect(isConnectMessage({ data: connect, origin: 'null', ports: [port] }, allowed)).toBe(false)
    expect(isConnectMessage({ data: { ...connect, version: 2 }, origin: 'http://127.0.0.1:4700', ports: [port] }, allowed)).toBe(false)
    expect(isConnectMessage({ data: { type: 'other', version: 1 }, origin: 'http://127.0.0.1:4700', ports: [port] }, allowed)).toBe(false)
    expect(isConnectMessage({ data: connect, origin: 'http://127.0.0.1:4700', ports: [] }, allowed)).toBe(false)
    expect(isConnectMessage({ data: connect, origin: 'http://127.0.0.1:4700', ports: [port, port] }, allowed)).toBe(false)
    expect(isConnectMessage({ data: 'portico-auth:connect', origin: 'http://127.0.0.1:4700', ports: [port] }, allowed)).toBe(false)
  })

  it('posts ready on an accepted port, serves requests on it, and a second connect does not cut the first off', async () => {
    const server = fakeAuthServer()
    const handler = createFrameHandler({ config: { projectId: 'demo', allowedOrigins: allowed, apiBase: '/auth/v1', rpcBase: '/v1/' }, frameOrigin: 'http://127.0.0.1:4711', fetch: server.fetch as typeof fetch, storage: memoryStorage() })
    const listener = createConnectListener({ allowedOrigins: allowed, server: handler })

    const hostile = channel()
    listener({ data: connect, origin: 'http://127.0.0.1.evil.com', ports: [hostile.frame] as unknown as readonly MessagePort[] })
    expect(hostile.posted).toEqual([])

    const first = channel()
    listener({ data: connect, origin: 'http://127.0.0.1:4700', ports: [first.frame] as unknown as readonly MessagePort[] })
    await received(first, 1)
    expect(first.received).toEqual([{ event: 'ready' }])
    first.site.postMessage({ id: 1, method: 'status' })
    first.site.postMessage({ id: 2, method: 'nope' })
    first.site.postMessage('garbage')
    // A port delivers in order: once the request after the garbage is answered, the garbage has been handled (and got no answer).
    first.site.postMessage({ id: 9, method: 'status' })
    await received(first, 4)
    expect(first.received.slice(1)).toEqual([{ id: 1, result: {} }, { id: 2, error: expect.objectContaining({ code: 'UNSUPPORTED_METHOD' }) }, { id: 9, result: {} }])

    const second = channel()
    listener({ data: connect, origin: 'https://shop.example.com', ports: [second.frame] as unknown as readonly MessagePort[] })
    await received(second, 1)
    expect(second.received).toEqual([{ event: 'ready' }])
    first.site.postMessage({ id: 3, method: 'status' })
    second.site.postMessage({ id: 4, method: 'socialStart', params: { provider: 'github' } })
    // And one more request on each, answered after whatever the first two could have caused.
    first.site.postMessage({ id: 5, method: 'status' })
    second.site.postMessage({ id: 6, method: 'status' })
    await received(first, 6)
    await received(second, 3)
    // Each port gets its own answers, and only its own.
    expect(first.received.slice(4)).toEqual([{ id: 3, result: {} }, { id: 5, result: {} }])
    expect(second.received).toHaveLength(3)
    expect(second.received[2]).toEqual({ id: 6, result: {} })
    const answer = second.received[1] as { id: number; result: { url: string } }
    expect(answer.id).toBe(4)
    expect(new URL(answer.result.url).searchParams.get('origin')).toBe('https://shop.example.com')
  })

  it('serves at most four ports: a fifth connect closes the oldest', async () => {
    const server = fakeAuthServer()
    const handler = createFrameHandler({ config: { projectId: 'demo', allowedOrigins: allowed, apiBase: '/auth/v1', rpcBase: '/v1/' }, frameOrigin: 'http://127.0.0.1:4711', fetch: server.fetch as typeof fetch, storage: memoryStorage() })
    const listener = createConnectListener({ allowedOrigins: allowed, server: handler })
    const channels = [channel(), channel(), channel(), channel(), channel()]
    for (const c of channels) listener({ data: connect, origin: 'http://127.0.0.1:4700', ports: [c.frame] as unknown as readonly MessagePort[] })
    for (const c of channels) await received(c, 1)
    channels.forEach((c, index) => c.site.postMessage({ id: 10 + index, method: 'status' }))
    for (const c of channels.slice(1)) await received(c, 2)
    // The oldest port was closed: its request gets no answer, though the others' came.
    await channels[0]!.closed
    expect(channels[0]!.posted).toEqual([{ event: 'ready' }])
    expect(channels[0]!.received).toEqual([{ event: 'ready' }])
    for (const [index, c] of channels.slice(1).entries()) expect(c.received).toEqual([{ event: 'ready' }, { id: 11 + index, result: {} }])
  })

  it('takes a connect only from the window that embeds the frame, when it is given', async () => {
    const server = fakeAuthServer()
    const handler = createFrameHandler({ config: { projectId: 'demo', allowedOrigins: allowed, apiBase: '/auth/v1', rpcBase: '/v1/' }, frameOrigin: 'http://127.0.0.1:4711', fetch: server.fetch as typeof fetch, storage: memoryStorage() })
    const parent = {}
    const listener = createConnectListener({ allowedOrigins: allowed, server: handler, parent })
    const opener = channel()
    listener({ data: connect, origin: 'http://127.0.0.1:4700', ports: [opener.frame] as unknown as readonly MessagePort[], source: {} as MessageEventSource })
    const embedder = channel()
    listener({ data: connect, origin: 'http://127.0.0.1:4700', ports: [embedder.frame] as unknown as readonly MessagePort[], source: parent as MessageEventSource })
    expect(opener.posted).toEqual([])
    await received(embedder, 1)
    expect(embedder.received).toEqual([{ event: 'ready' }])
    // A frame opened as a window (parent null) takes no connect at all.
    const topLevel = createConnectListener({ allowedOrigins: allowed, server: handler, parent: null })
    const any = channel()
    topLevel({ data: connect, origin: 'http://127.0.0.1:4700', ports: [any.frame] as unknown as readonly MessagePort[], source: {} as MessageEventSource })
    expect(any.posted).toEqual([])
  })
})
