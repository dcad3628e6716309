import type { PluginContext } from '../../../kernel/kernel.js'
import { FrameUnavailableError } from '../errors.js'
import { FrameClient } from './FrameClient.js'
import { mountFrame, type FrameDocument, type MountFrameReturnType } from './mountFrame.js'

export type OpenFrameParameters = {
  walletOrigin: string
  projectId?: string
  skipMessageApproval?: boolean
  theme?: 'light' | 'dark' | 'system'
  clock: PluginContext['clock']
  document: FrameDocument
  readyTimeoutMs?: number
  requestTimeoutMs?: number
}

export type OpenFrameReturnType = {
  client: FrameClient
  place: MountFrameReturnType['place']
  destroy(): void
}

/**
 * Mounts the wallet frame and connects to it: resolves once the frame said `ready`; on failure
 * (the frame did not load or answer in time) the frame is removed and the error thrown.
 * Loaded with `await import()` on first use only.
 *
 * @example
 * const { client } = await openFrame({ walletOrigin, projectId, clock: portico.clock, document })
 */
export async function openFrame({ walletOrigin, projectId, skipMessageApproval, theme, clock, document, readyTimeoutMs, requestTimeoutMs }: OpenFrameParameters): Promise<OpenFrameReturnType> {
  const mounted = mountFrame({ document, walletOrigin, ...(projectId ? { projectId } : {}), ...(skipMessageApproval ? { skipMessageApproval } : {}), ...(theme ? { theme } : {}) })
  let client: FrameClient | undefined
  const destroy = () => {
    client?.destroy()
    mounted.frame.remove()
  }
  try {
    const port = await withTimeout(mounted.port, readyTimeoutMs ?? 15_000, clock, walletOrigin)
    client = new FrameClient(port, { walletOrigin, clock, ...(readyTimeoutMs ? { readyTimeoutMs } : {}), ...(requestTimeoutMs ? { requestTimeoutMs } : {}) })
    await client.ready
    return { client, place: mounted.place, destroy }
  } catch (error) {
    destroy()
    throw error
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, clock: PluginContext['clock'], walletOrigin: string): Promise<T> {
  let timer: unknown
  const timeout = new Promise<never>((_, reject) => {
    timer = clock.setTimeout(() => reject(new FrameUnavailableError({ walletOrigin })), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clock.clearTimeout(timer)
  }
}
