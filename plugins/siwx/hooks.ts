import { AsyncSeriesBailHook, AsyncSeriesHook, type CaipNetworkId } from '../../kernel/kernel.js'
import type { SiwxAuthenticateParameters, SiwxSignedMessage } from './stores/SiwxStore.js'

/**
 * The hooks the siwx plugin declares (`context.pluginHooks('siwx')`): how another plugin — the
 * walletconnect plugin's one-click sign-in (`wc_sessionAuthenticate`) — asks siwx for the sign-in
 * request and hands it the signed messages. siwx answers both itself; other plugins may tap too.
 */
export type SiwxHooks = {
  /** The sign-in request's fields for these chains (first answer wins). Kind: AsyncSeriesBail. */
  authenticateParameters: AsyncSeriesBailHook<[CaipNetworkId[]], SiwxAuthenticateParameters | undefined>
  /** A message the wallet signed elsewhere (one-click): verify and keep it as a session. Kind: AsyncSeries. */
  addSession: AsyncSeriesHook<[SiwxSignedMessage]>
}

/** A fresh set of siwx's hooks. */
export function createSiwxHooks(): SiwxHooks {
  return {
    authenticateParameters: new AsyncSeriesBailHook<[CaipNetworkId[]], SiwxAuthenticateParameters | undefined>(['chains']),
    addSession: new AsyncSeriesHook<[SiwxSignedMessage]>(['session']),
  }
}
