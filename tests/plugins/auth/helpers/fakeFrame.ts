import { FrameClient } from '../../../../plugins/auth/client/FrameClient.js'
import type { FrameEvent, FrameMethod } from '../../../../plugins/auth/protocol.js'

export const walletOrigin = 'http://127.0.0.1:4711'

/** A thrown frame error: `{ code, message, data? }` goes back as `{ id, error }`. */
export class FrameFailure {
  constructor(
    readonly code: string,
    readonly message = '',
    readonly data?: Record<string, unknown>,
  ) {}
}

export type FakeHandlers = Partial<Record<FrameMethod, (params: any) => unknown>>

/**
 * A stand-in for the wallet frame, for one unit test: answers the protocol's requests on the
 * other end of a real MessageChannel from `handlers` (a thrown FrameFailure is an error answer).
 */
export function createFakeFrame(handlers: FakeHandlers, { ready = true }: { ready?: boolean } = {}) {
  const channel = new MessageChannel()
  const calls: { method: string; params: unknown }[] = []
  channel.port2.onmessage = async (event: MessageEvent) => {
    const { id, method, params } = event.data as { id: number; method: FrameMethod; params?: unknown }
    calls.push({ method, params })
    const handler = handlers[method]
    try {
      if (!handler) throw new FrameFailure('UNSUPPORTED_METHOD', `No ${method}`)
      const result = await handler(params)
      channel.port2.postMessage({ id, result: result === undefined ? null : result })
    } catch (error) {
      const failure = error instanceof FrameFailure ? error : new FrameFailure('SERVER_ERROR', String(error))
      channel.port2.postMessage({ id, error: { code: failure.code, message: failure.message, ...(failure.data ? { data: failure.data } : {}) } })
    }
  }
  if (ready) channel.port2.postMessage({ event: 'ready' })
  return {
    port: channel.port1,
    calls,
    methods: () => calls.map((c) => c.method),
    emit: (event: FrameEvent | unknown) => channel.port2.postMessage(event),
    close() {
      channel.port1.close()
      channel.port2.close()
    },
  }
}

export const realClock = { now: () => Date.now(), setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown, clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>) }

/** The plugin's `openFrame` seam over a fake frame (no iframe). */
export function fakeOpenFrame(handlers: FakeHandlers) {
  const opened: ReturnType<typeof createFakeFrame>[] = []
  const places: unknown[] = []
  return {
    opened,
    places,
    openFrame: async () => {
      const frame = createFakeFrame(handlers)
      opened.push(frame)
      const client = new FrameClient(frame.port as never, { walletOrigin, clock: realClock })
      await client.ready
      return {
        client,
        place: (rect: unknown) => void places.push(rect),
        destroy: () => {
          client.destroy()
          frame.close()
        },
      }
    },
    closeAll: () => opened.forEach((f) => f.close()),
  }
}
