import type { CaipNetworkId } from '../../../kernel/kernel.js'
import type { SiwxMessageData } from '../types.js'

/** A verified sign-in as the server keeps it. */
export type SiwxServerSession = {
  /** Random, unguessable (32 bytes, base64url): hand it to the browser as a cookie. */
  id: string
  address: string
  caipNetworkId: CaipNetworkId
  data: SiwxMessageData
  message: string
  signature: string
  /** Milliseconds since the epoch. */
  createdAt: number
  /** The earlier of the message's Expiration Time and `createdAt + expirationMs`. */
  expiresAt: number
}

/** Where issued nonces are remembered. Replace the in-memory default when several processes serve one site. */
export type SiwxNonceStore = {
  /** Remembers a nonce this server issued, until `expiresAt` (ms). */
  add(nonce: string, expiresAt: number): void | Promise<void>
  /** `issued` (never used), `used`, or `undefined` (never issued here, or expired and forgotten). */
  status(nonce: string, now: number): 'issued' | 'used' | undefined | Promise<'issued' | 'used' | undefined>
  /** Marks the nonce used; `false` when it was used already or is unknown. Must be atomic. */
  consume(nonce: string, now: number): boolean | Promise<boolean>
}

/** Where verified sessions are kept. */
export type SiwxServerSessionStore = {
  set(session: SiwxServerSession): void | Promise<void>
  get(id: string): SiwxServerSession | undefined | Promise<SiwxServerSession | undefined>
  delete(id: string): void | Promise<void>
}

/** Checks a signature for one namespace; eip155 is built in. */
export type SiwxServerVerifier = {
  /** The account line's label, e.g. "Ethereum". */
  label: string
  /** Whether the address is well-formed for the namespace (eip155: EIP-55 checksummed). */
  isAddress?(address: string): boolean
  verify(parameters: { message: string; signature: string; address: string; caipNetworkId: CaipNetworkId; rpcUrl: string }): Promise<boolean>
}
