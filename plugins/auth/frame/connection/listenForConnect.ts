import { frameProtocolVersion, type FrameEvent, type FrameResponse } from '../../protocol.js'
import { isAllowedOrigin } from '../origin/matchOrigin.js'
import { isRecord } from '../utils/isRecord.js'

/** What the frame does with an accepted port. */
export type PortServer = {
  connect(origin: string, emit: (event: FrameEvent) => void): void
  handle(message: unknown): Promise<FrameResponse | undefined>
}

/** The part of a MessageEvent the listener reads. */
export type ConnectEvent = Pick<MessageEvent, 'data' | 'origin' | 'ports'>

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
 * Returns the `message` listener of the frame's window: a connect from an allowed origin takes
 * its port (closing the previous one), posts `{ event: 'ready' }` on it and serves requests on
 * it; every other message is ignored silently.
 *
 * @example
 * window.addEventListener('message', createConnectListener({ allowedOrigins, server: handler }))
 */
export function createConnectListener({ allowedOrigins, server }: { allowedOrigins: readonly string[]; server: PortServer }): (event: ConnectEvent) => void {
  let current: MessagePort | undefined
  return (event) => {
    if (!isConnectMessage(event, allowedOrigins)) return
    const port = event.ports[0] as MessagePort
    if (current && current !== port) {
      current.onmessage = null
      current.close()
    }
    current = port
    const post = (message: unknown) => {
      try {
        port.postMessage(message)
      } catch {
        // The site went away; a new connect brings a new port.
      }
    }
    server.connect(event.origin, post)
    port.onmessage = (message: MessageEvent) => {
      if (current !== port) return
      void server.handle(message.data).then(
        (answer) => {
          if (answer && current === port) post(answer)
        },
        () => undefined,
      )
    }
    post({ event: 'ready' } satisfies FrameEvent)
  }
}
