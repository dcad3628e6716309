/** A zeta address: `zt` and 64 lower-case hex characters (an ed25519 public key). */
export function isZetaAddress(value: unknown): value is string {
  return typeof value === 'string' && /^zt[0-9a-f]{64}$/.test(value)
}
