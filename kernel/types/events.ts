/** The analytics event names of spec §7 (and the connect/network events Portico adds). */
export type PorticoEventName =
  | 'MODAL_CREATED'
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'INITIALIZE'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_CONNECTION'
  | 'DELETE_CONNECTION'
  | 'SWITCH_NETWORK'
  | 'CLICK_NETWORKS'
  | 'SELECT_WALLET'
  | 'SEND_INITIATED'
  | 'SEND_SUCCESS'
  | 'SEND_ERROR'
  | 'SEND_REJECTED'
  | 'SIWX_AUTH_SUCCESS'
  | 'SIWX_AUTH_ERROR'
  | 'CLICK_CANCEL_SIWX'
  | 'ERROR'
  | (string & {})

/** One event as site owners receive it from `portico.subscribe('event', fn)`. */
export type PorticoEvent = {
  type: 'track' | 'error'
  event: PorticoEventName
  properties?: Record<string, unknown>
  address?: string
  timestamp: number
}
