import { frameProtocolVersion, type FrameEvent, type FrameResponse } from '../../protocol.js'
import { isAllowedOrigin } from '../origin/matchOrigin.js'
import { isRecord } from '../utils/isRecord.js'

/** What the frame does with an accepted port. */
export type PortServer = {
  connect(origin: string, emit: (event: FrameEvent) => void): void
  disconnect(emit: (event: FrameEvent) => void): void
  handle(message: unknown, origin: string): Promise<FrameResponse | undefined>
}

/** The part of a MessageEvent the listener reads. */
export type ConnectEvent = Pick<MessageEvent, 'data' | 'origin' | 'ports'> & { source?: MessageEvent['source'] }

/** Ports served at once; a further connect closes the oldest. */
export const maxPorts = 4

/**
 * Whether a window message is the site's connect: `{ type: 'portico-auth:connect', version: 1 }`
 * with exactly one transferred port, from an allowed origin.
 *
 * @example
 * isConnectMessage(event, ['https://*.example.com'])
 */
export function isConnectMessage(event: ConnectEvent, allowedOrigins: readonly string[]): boolean {
  const data = event.data as unknown
  if (!isRecord(data) || data.type !== 'portico-auth:connect' || data.version !== frameProtocolVersion) return false
  if (!event.ports || event.ports.length !== 1) return false
  return isAllowedOrigin(event.origin, allowedOrigins)
}

/**
 * Returns the `message` listener of the frame's window: a connect from the embedding window
 * (`parent`, when given) on an allowed origin adds its port (up to {@link maxPorts}; the oldest
 * is closed), posts `{ event: 'ready' }` on it and serves requests on it, each answered on the
 * port that asked; every other message is ignored silently. Several ports are served at once, so
 * a second connect from the site (another script of the same page) cannot cut the first off.
 *
 * @example
 * window.addEventListener('message', createConnectListener({ allowedOrigins, server: handler, parent: window.parent }))
 */
export function createConnectListener({ allowedOrigins, server, parent }: { allowedOrigins: readonly string[]; server: PortServer; parent?: unknown }): (event: ConnectEvent) => void {
  const ports: { port: MessagePort; post: (message: unknown) => void }[] = []
  return (event) => {
    if (parent !== undefined && event.source !== parent) return
    if (!isConnectMessage(event, allowedOrigins)) return
    const port = event.ports[0] as MessagePort
    if (ports.some((p) => p.port === port)) return
    const post = (message: unknown) => {
      try {
        port.postMessage(message)
      } catch {
        // The site went away; a new connect brings a new port.
      }
    }
    ports.push({ port, post })
    while (ports.length > maxPorts) {
      const oldest = ports.shift() as { port: MessagePort; post: (message: unknown) => void }
      oldest.port.onmessage = null
      oldest.port.close()
      server.disconnect(oldest.post)
    }
    const live = () => ports.some((p) => p.port === port)
    server.connect(event.origin, post)
    port.onmessage = (message: MessageEvent) => {
      if (!live()) return
      void server.handle(message.data, event.origin).then(
        (answer) => {
          if (answer && live()) post(answer)
        },
        () => undefined,
      )
    }
    post({ event: 'ready' } satisfies FrameEvent)
  }
}
