import { base64 } from '@scure/base'
import { combine, split } from 'shamir-secret-sharing'
import { FrameFailure } from '../errors.js'

/** The three shares of a new wallet's entropy (base64), any two of which rebuild it. */
export type WalletShares = { device: string; auth: string; recovery: string }

/**
 * Splits the entropy 2-of-3 (Shamir over GF(256), `shamir-secret-sharing`).
 *
 * @example
 * const { device, auth, recovery } = await splitEntropy(entropy)
 */
export async function splitEntropy(entropy: Uint8Array): Promise<WalletShares> {
  const [device, auth, recovery] = await split(entropy, 3, 2)
  if (!device || !auth || !recovery) throw new FrameFailure('SERVER_ERROR', 'The wallet could not be split')
  return { device: base64.encode(device), auth: base64.encode(auth), recovery: base64.encode(recovery) }
}

/** Reads a base64 share, or `undefined` when it is not one. */
export function decodeShare(share: unknown): Uint8Array | undefined {
  if (typeof share !== 'string' || share.length < 4 || share.length > 200) return undefined
  try {
    const bytes = base64.decode(share)
    return bytes.length >= 2 ? bytes : undefined
  } catch {
    return undefined
  }
}

/**
 * Rebuilds the entropy from two shares. Fails `WALLET_MISMATCH` when they do not rebuild a
 * wallet (unreadable, or of different lengths); whether they rebuild *this* wallet is checked
 * against the server's addresses by the caller.
 *
 * @example
 * const entropy = await combineShares(deviceShare, authShare)
 */
export async function combineShares(a: string, b: string): Promise<Uint8Array> {
  const first = decodeShare(a)
  const second = decodeShare(b)
  if (!first || !second || first.length !== second.length || first.length !== 17) throw new FrameFailure('WALLET_MISMATCH', 'The wallet could not be rebuilt from its shares')
  try {
    return await combine([first, second])
  } catch (cause) {
    throw new FrameFailure('WALLET_MISMATCH', 'The wallet could not be rebuilt from its shares', { cause })
  }
}
