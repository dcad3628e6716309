import { afterEach, describe, expect, it, vi } from 'vitest'
import { FrameClient } from '../../../plugins/auth/client/FrameClient.js'
import { frameUrl, mountFrame } from '../../../plugins/auth/client/mountFrame.js'
import { AuthFrameError, FrameUnavailableError } from '../../../plugins/auth/errors.js'
import { createFakeFrame, FrameFailure, realClock, walletOrigin } from './helpers/fakeFrame.js'

const frames: ReturnType<typeof createFakeFrame>[] = []
const clients: FrameClient[] = []
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy()
  for (const frame of frames.splice(0)) frame.close()
})

function connect(handlers: Parameters<typeof createFakeFrame>[0], options: { ready?: boolean; readyTimeoutMs?: number; requestTimeoutMs?: number } = {}) {
  const frame = createFakeFrame(handlers, { ready: options.ready ?? true })
  frames.push(frame)
  const client = new FrameClient(frame.port as never, { walletOrigin, clock: realClock, ...(options.readyTimeoutMs ? { readyTimeoutMs: options.readyTimeoutMs } : {}), ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}) })
  clients.push(client)
  return { frame, client }
}

describe('FrameClient: the site side of the frame protocol over a MessagePort', () => {
  it('waits for ready, then sends requests by id and resolves each with its own answer', async () => {
    const { frame, client } = connect({
      status: () => ({ user: { id: 'email:a@example.com', provider: 'email', email: 'a@example.com' }, accounts: { eip155: '0x0000000000000000000000000000000000000001', solana: '11111111111111111111111111111111' } }),
      emailStart: ({ email }: { email: string }) => ({ expiresAt: 2_000, resendAfter: 1_000, echoed: email }),
    })
    await client.ready
    const [status, sent] = await Promise.all([client.request('status'), client.request('emailStart', { email: 'a@example.com' })])
    expect(status.user?.email).toBe('a@example.com')
    expect(sent).toMatchObject({ expiresAt: 2_000, resendAfter: 1_000, echoed: 'a@example.com' })
    expect(frame.calls).toEqual([
      { method: 'status', params: undefined },
      { method: 'emailStart', params: { email: 'a@example.com' } },
    ])
  })

  it('maps an error answer to AuthFrameError with the code, message, attemptsLeft and retryAfter', async () => {
    const { client } = connect({
      emailVerify: () => {
        throw new FrameFailure('WRONG_CODE', 'Wrong code', { attemptsLeft: 3 })
      },
      emailStart: () => {
        throw new FrameFailure('RATE_LIMITED', '', { retryAfter: 27.4 })
      },
      logout: () => {
        throw new FrameFailure('SOMETHING_NEW', 'x')
      },
    })
    const wrong = await client.request('emailVerify', { code: '000000' }).catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(AuthFrameError)
    expect(wrong).toMatchObject({ code: 'WRONG_CODE', shortMessage: 'Wrong code', attemptsLeft: 3 })
    const limited = await client.request('emailStart', { email: 'a@example.com' }).catch((e: unknown) => e)
    // No message from the frame: the code's own English text.
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', shortMessage: 'Too many attempts: try again later', retryAfter: 27 })
    // A code outside the protocol is a server error, never an unknown code passed on.
    await expect(client.request('logout')).rejects.toMatchObject({ code: 'SERVER_ERROR', shortMessage: 'x' })
  })

  it('fails with FrameUnavailableError when the frame never says ready', async () => {
    const { client } = connect({ status: () => ({}) }, { ready: false, readyTimeoutMs: 50 })
    const error = await client.request('status').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameUnavailableError)
    expect((error as FrameUnavailableError).shortMessage).toBe('The wallet could not be loaded')
  })

  it('times a request out on its own, and a late answer changes nothing', async () => {
    let release!: () => void
    const { client } = connect(
      {
        emailStart: () => new Promise((resolve) => (release = () => resolve({ expiresAt: 1, resendAfter: 1 }))),
        status: () => ({}),
      },
      { requestTimeoutMs: 60 },
    )
    const error = await client.request('emailStart', { email: 'a@example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FrameUnavailableError)
    expect((error as FrameUnavailableError).shortMessage).toBe('The wallet did not answer in time')
    release()
    // The client still works after the stray answer.
    await expect(client.request('status')).resolves.toEqual({})
  })

  it('ignores garbage on the port: non-objects, unknown ids, answers without result or error, unknown events', async () => {
    let answer: (() => void) | undefined
    const { frame, client } = connect({ status: () => new Promise((resolve) => (answer = () => resolve({ ok: true }))) })
    await client.ready
    const changes: unknown[] = []
    client.on('stateChanged', (state) => changes.push(state))
    const pending = client.request('status')
    // The frame holds the request; the junk goes out before its answer, on the same ordered port.
    await vi.waitFor(() => expect(answer).toBeDefined())
    for (const junk of ['ready', 42, null, [1, 2], { id: 999, result: 'not yours' }, { id: 1 }, { id: 1, error: 'flat string' }, { event: 'nope' }, { event: 'stateChanged', data: 'not an object' }, { event: 'stateChanged' }]) frame.emit(junk)
    answer!()
    await expect(pending).resolves.toEqual({ ok: true })
    expect(changes).toEqual([])
  })

  it('hands stateChanged and exportClosed events to listeners, and stops after the remover', async () => {
    const { frame, client } = connect({})
    await client.ready
    const seen: unknown[] = []
    const stop = client.on('stateChanged', (state) => seen.push(state))
    client.on('exportClosed', () => seen.push('closed'))
    frame.emit({ event: 'stateChanged', data: { user: { id: 'x', provider: 'google', handle: '@x' } } })
    frame.emit({ event: 'exportClosed' })
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    stop()
    frame.emit({ event: 'stateChanged', data: {} })
    // The port delivers in order: once the exportClosed after it arrives, the stateChanged has been handled (and not handed on).
    frame.emit({ event: 'exportClosed' })
    await vi.waitFor(() => expect(seen).toHaveLength(3))
    expect(seen).toEqual([{ user: { id: 'x', provider: 'google', handle: '@x' } }, 'closed', 'closed'])
  })

  it('destroy() fails pending requests and later ones', async () => {
    const { client } = connect({ status: () => new Promise(() => undefined) })
    await client.ready
    const pending = client.request('status')
    client.destroy()
    await expect(pending).rejects.toBeInstanceOf(FrameUnavailableError)
    await expect(client.request('status')).rejects.toBeInstanceOf(FrameUnavailableError)
    expect(client.destroyed).toBe(true)
  })
})

describe('mountFrame: the hidden iframe and the port transfer', () => {
  function fakeDocument() {
    const appended: unknown[] = []
    let onLoad: (() => void) | undefined
    const posted: { message: unknown; targetOrigin: string; transfer: unknown[] }[] = []
    const attributes: Record<string, string> = {}
    const frame = {
      src: '',
      title: '',
      style: {} as Record<string, unknown>,
      setAttribute: (name: string, value: string) => void (attributes[name] = value),
      addEventListener: (_type: 'load', listener: () => void) => void (onLoad = listener),
      remove: () => undefined,
      contentWindow: { postMessage: (message: unknown, targetOrigin: string, transfer: unknown[]) => void posted.push({ message, targetOrigin, transfer }) },
    }
    return { document: { createElement: () => frame, body: { appendChild: (node: unknown) => appended.push(node) } }, frame, appended, posted, attributes, load: () => onLoad?.() }
  }

  it('creates <iframe title="Portico wallet"> on <walletOrigin>/auth/v1/frame?projectId=, visually hidden but not display:none', () => {
    const page = fakeDocument()
    mountFrame({ document: page.document as never, walletOrigin: `${walletOrigin}/`, projectId: 'demo project' })
    expect(page.frame.src).toBe(`${walletOrigin}/auth/v1/frame?projectId=demo+project`)
    expect(page.frame.title).toBe('Portico wallet')
    expect(page.appended).toEqual([page.frame])
    expect(page.frame.style.display).toBeUndefined()
    expect(page.frame.style).toMatchObject({ position: 'fixed', width: '1px', height: '1px', opacity: '0', pointerEvents: 'none' })
    expect(frameUrl('https://wallet.example.com', undefined)).toBe('https://wallet.example.com/auth/v1/frame?projectId=')
  })

  it('on load, transfers one port with { type: "portico-auth:connect", version: 1 } to the wallet origin only', async () => {
    const page = fakeDocument()
    const channels: MessageChannel[] = []
    const mounted = mountFrame({
      document: page.document as never,
      walletOrigin,
      createChannel: () => {
        const channel = new MessageChannel()
        channels.push(channel)
        return channel as never
      },
    })
    expect(page.posted).toEqual([])
    page.load()
    const port = await mounted.port
    expect(page.posted).toHaveLength(1)
    expect(page.posted[0]).toMatchObject({ message: { type: 'portico-auth:connect', version: 1 }, targetOrigin: walletOrigin })
    expect(page.posted[0]?.transfer).toEqual([channels[0]?.port2])
    expect(port).toBe(channels[0]?.port1)
    mounted.place({ top: 10.4, left: 20, width: 300, height: 400 })
    expect(page.frame.style).toMatchObject({ top: '10px', left: '20px', width: '300px', height: '400px', opacity: '1', pointerEvents: 'auto' })
    mounted.place(undefined)
    expect(page.frame.style).toMatchObject({ width: '1px', opacity: '0' })
    for (const c of channels) {
      c.port1.close()
      c.port2.close()
    }
  })
})
