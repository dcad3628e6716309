/** The EIP-1193 provider surface the plugin uses. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** What the plugin needs from `window`: events and an optional injected provider. */
export type Eip155Window = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & {
  ethereum?: unknown
}

/** A wallet the plugin found, with its provider. */
export type DiscoveredWallet = {
  id: string
  name: string
  icon?: string
  rdns?: string
  type: 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL'
  provider: Eip1193Provider
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}
