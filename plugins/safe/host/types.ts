/** An EIP-1193 provider, as the eip155 plugin talks to wallets. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** The Safe as a wallet the eip155 plugin lists and connects (the shape of its discovered wallets). */
export type SafeWallet = {
  id: string
  name: string
  type: 'EXTERNAL'
  /** Its logo, a data URL (the connector's `imageUrl`). */
  icon?: string
  provider: Eip1193Provider
}
