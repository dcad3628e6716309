import type { SatsConnectLoader, Transport } from './wbip004Wallet.js'
import { isRecord } from './walletText.js'

type SatsConnect = {
  request(method: string, params: unknown, providerId?: string): Promise<{ status: 'success'; result: unknown } | { status: 'error'; error: unknown }>
  addListener(listener: { eventName: string; cb: (payload: unknown) => void }, providerId?: string): unknown
}

/**
 * Calls through `sats-connect`, loaded on the first call: `request(method, params, providerId)`
 * answers `{ status, result | error }` (an error keeps Xverse's code: -32000 is the visitor's refusal,
 * which the wallet wrapper reads as 4001); events through its `addListener({ eventName, cb }, providerId)`
 * (sats-connect ≥ 4 / `@sats-connect/core` ≥ 0.7.1, which hands the same object to the provider). A
 * loader that fails (or a module without `request`) leaves the provider called directly: it speaks the
 * same JSON-RPC.
 */
export function satsConnectTransport(providerId: string, direct: Transport, loader: SatsConnectLoader): Transport {
  let loaded: Promise<SatsConnect | undefined> | undefined
  const load = () =>
    (loaded ??= loader().then(
      (module) => (isRecord(module) && typeof module.request === 'function' ? (module as unknown as SatsConnect) : undefined),
      () => undefined,
    ))
  return {
    async request(method, params) {
      const client = await load()
      if (!client) return direct.request(method, params)
      const answer = await client.request(method, params ?? null, providerId)
      if (answer?.status === 'success') return { result: answer.result }
      throw { error: isRecord(answer) && 'error' in answer ? answer.error : { code: -32603, message: 'sats-connect answered nothing' } }
    },
    ...(direct.listen
      ? {
          async listen(event: string, listener: (payload: unknown) => void) {
            const client = await load()
            if (!client || typeof client.addListener !== 'function') return direct.listen!(event, listener)
            const remove = client.addListener({ eventName: event, cb: listener }, providerId)
            return () => {
              if (typeof remove === 'function') remove()
            }
          },
        }
      : {}),
  }
}
