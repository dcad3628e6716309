/**
 * Test guard: nothing leaves 127.0.0.1. Any TCP/TLS connection, `fetch` or
 * WebSocket to a host that is not loopback throws, so the test that made it fails.
 */
import net from 'node:net'
import tls from 'node:tls'

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|::1|\[::1\]|localhost|::ffff:127(?:\.\d{1,3}){3})$/i

export class NonLoopbackRequestError extends Error {
  override name = 'NonLoopbackRequestError'
  constructor(host: string) {
    super(`Test tried to reach non-loopback host "${host}". Tests may only talk to 127.0.0.1.`)
  }
}

export function assertLoopback(host: string | undefined | null): void {
  // A missing host means Node's default, which is localhost.
  if (host === undefined || host === null || host === '') return
  if (!LOOPBACK.test(host)) throw new NonLoopbackRequestError(host)
}

function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args
  if (typeof first === 'object' && first !== null) {
    const o = first as { host?: string; hostname?: string; path?: string }
    if (o.path && !o.host && !o.hostname) return undefined // unix socket
    return o.host ?? o.hostname
  }
  if (typeof first === 'number') return typeof second === 'string' ? second : undefined
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined // unix socket path
  return undefined
}

const originalConnect = net.Socket.prototype.connect
net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0]
  const normalized = Array.isArray(first) ? (first as unknown[]) : args
  assertLoopback(hostOf(normalized))
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args)
} as typeof net.Socket.prototype.connect

const originalTlsConnect = tls.connect
;(tls as { connect: unknown }).connect = function patchedTlsConnect(...args: unknown[]) {
  assertLoopback(hostOf(args))
  return (originalTlsConnect as (...a: unknown[]) => tls.TLSSocket)(...args)
}

const originalFetch = globalThis.fetch
if (originalFetch) {
  globalThis.fetch = async function guardedFetch(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    let host: string | undefined
    try {
      host = new URL(url).hostname
    } catch {
      host = undefined
    }
    assertLoopback(host)
    return originalFetch(input, init)
  } as typeof fetch
}
