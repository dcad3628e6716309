import WebSocket from 'ws'
import { mintRelayJwt } from '../../../../server/relay/mintRelayJwt.js'
import { readRawJsonRpcId } from '../../../../server/relay/readRawJsonRpcId.js'

export type RawFrame = { text: string; json: Record<string, unknown>; rawId: string | undefined }

/** Waits until `check` returns a value other than undefined, polling every 10 ms, at most `timeoutMs`. */
export async function waitUntil<T>(check: () => T | undefined, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * A bare websocket client of the relay, speaking JSON-RPC by hand: for hostile frames, floods and
 * mailbox checks that the real sign-client would never send.
 */
export class RawRelayClient {
  readonly frames: RawFrame[] = []
  readonly socket: WebSocket
  readonly clientId: string
  /** Acknowledge every `irn_subscription` with `{ id, result: true }` (the id echoed verbatim). */
  autoAck: boolean
  closeCode: number | undefined
  #nextId = 1763000000000000000n

  private constructor(socket: WebSocket, clientId: string, autoAck: boolean) {
    this.socket = socket
    this.clientId = clientId
    this.autoAck = autoAck
    socket.on('message', (data) => {
      const text = data.toString()
      const json = JSON.parse(text) as Record<string, unknown>
      const frame = { text, json, rawId: readRawJsonRpcId(text) }
      this.frames.push(frame)
      if (this.autoAck && json.method === 'irn_subscription') this.sendRaw(`{"id":${frame.rawId},"jsonrpc":"2.0","result":true}`)
    })
    socket.on('close', (code) => {
      this.closeCode = code
    })
  }

  static async connect(url: string, options: { autoAck?: boolean; projectId?: string } = {}): Promise<RawRelayClient> {
    const { jwt, clientId } = mintRelayJwt({ aud: url })
    const socket = new WebSocket(`${url}?auth=${jwt}&projectId=${options.projectId ?? 'portico-test'}&ua=raw-test`)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
      socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)))
    })
    return new RawRelayClient(socket, clientId, options.autoAck ?? true)
  }

  sendRaw(text: string | Buffer): void {
    this.socket.send(text)
  }

  /** Sends a request with a 19-digit numeric id (written as a JSON number) and returns that id. */
  send(method: string, params: unknown): string {
    this.#nextId += 1n
    const id = this.#nextId.toString()
    this.sendRaw(`{"id":${id},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`)
    return id
  }

  /** The response frame whose raw id is `rawId`. */
  async response(rawId: string, timeoutMs = 5000): Promise<RawFrame> {
    return waitUntil(() => this.frames.find((f) => f.rawId === rawId && !('method' in f.json)), timeoutMs, `response ${rawId}`)
  }

  async request(method: string, params: unknown): Promise<RawFrame> {
    return this.response(this.send(method, params))
  }

  /** Messages pushed on `topic` so far. */
  deliveries(topic?: string): { topic: string; message: string; publishedAt: number; attestation: unknown }[] {
    return this.frames
      .filter((f) => f.json.method === 'irn_subscription')
      .map((f) => (f.json.params as { data: { topic: string; message: string; publishedAt: number; attestation: unknown } }).data)
      .filter((d) => topic === undefined || d.topic === topic)
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve())
      this.socket.close()
    })
  }
}
