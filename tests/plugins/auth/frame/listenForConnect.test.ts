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
  return { site: port1, frame: port2 as unknown as MessagePort, received }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

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

  it('posts ready on an accepted port, serves requests on it, and a new connect replaces it', async () => {
    const server = fakeAuthServer()
    const handler = createFrameHandler({ config: { projectId: 'demo', allowedOrigins: allowed, apiBase: '/auth/v1', rpcBase: '/v1/' }, frameOrigin: 'http://127.0.0.1:4711', fetch: server.fetch as typeof fetch, storage: memoryStorage() })
    const listener = createConnectListener({ allowedOrigins: allowed, server: handler })

    const hostile = channel()
    listener({ data: connect, origin: 'http://127.0.0.1.evil.com', ports: [hostile.frame] as unknown as readonly MessagePort[] })
    await settle()
    expect(hostile.received).toEqual([])

    const first = channel()
    listener({ data: connect, origin: 'http://127.0.0.1:4700', ports: [first.frame] as unknown as readonly MessagePort[] })
    await settle()
    expect(first.received).toEqual([{ event: 'ready' }])
    first.site.postMessage({ id: 1, method: 'status' })
    first.site.postMessage({ id: 2, method: 'nope' })
    first.site.postMessage('garbage')
    await settle()
    expect(first.received.slice(1)).toEqual([{ id: 1, result: {} }, { id: 2, error: expect.objectContaining({ code: 'UNSUPPORTED_METHOD' }) }])

    const second = channel()
    listener({ data: connect, origin: 'https://shop.example.com', ports: [second.frame] as unknown as readonly MessagePort[] })
    await settle()
    expect(second.received).toEqual([{ event: 'ready' }])
    first.site.postMessage({ id: 3, method: 'status' })
    second.site.postMessage({ id: 4, method: 'socialStart', params: { provider: 'github' } })
    await settle()
    expect(first.received).toHaveLength(3)
    const answer = second.received[1] as { id: number; result: { url: string } }
    expect(answer.id).toBe(4)
    expect(new URL(answer.result.url).searchParams.get('origin')).toBe('https://shop.example.com')
  })
})
