// The recovery envelope (docs/guides/embedded-wallet.md §2.1): the recovery share sealed under a
// random data key, itself wrapped under a passkey's PRF output and/or a recovery password (scrypt,
// pinned parameters). What the server stores opens with neither the operator's keys nor a wrong secret.
import { describe, expect, it } from 'vitest'
import { openRecoveryShare, passwordKdf, readRecoveryEnvelope, sealRecoveryShare } from '../../../../plugins/auth/frame/recovery/recoveryEnvelope.js'

const userId = 'email:ivy@example.com'
const share = 'AbCdEfGhIjKlMnOpQrStUvWx'
const prf = (fill: number) => ({ credentialId: 'Y3JlZGVudGlhbA', prfSalt: new Uint8Array(32).fill(9), prfOutput: new Uint8Array(32).fill(fill) })

describe('the recovery envelope', () => {
  it('opens with the passkey\'s PRF output or the password, and with nothing else', async () => {
    const envelope = await sealRecoveryShare(userId, share, { passkey: prf(1), password: 'correct horse battery' })
    expect(envelope.password).toMatchObject({ kdf: 'scrypt', N: 2 ** 17, r: 8, p: 1 })
    expect(JSON.stringify(envelope)).not.toContain(share)
    expect(await openRecoveryShare(userId, envelope, { passkey: prf(1) })).toBe(share)
    expect(await openRecoveryShare(userId, envelope, { password: 'correct horse battery' })).toBe(share)
    expect(await openRecoveryShare(userId, envelope, { passkey: prf(2) })).toBeUndefined()
    expect(await openRecoveryShare(userId, envelope, { password: 'correct horse batterY' })).toBeUndefined()
    // Bound to its user: another account's session cannot use it.
    expect(await openRecoveryShare('email:eve@example.com', envelope, { passkey: prf(1) })).toBeUndefined()
    // What the server hands back reads the same.
    expect(await openRecoveryShare(userId, readRecoveryEnvelope(JSON.parse(JSON.stringify(envelope))), { password: 'correct horse battery' })).toBe(share)
  }, 30_000)

  it('refuses a short password, no secret at all, a tampered body and KDF parameters other than the pinned ones', async () => {
    await expect(sealRecoveryShare(userId, share, { password: 'short' })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect(sealRecoveryShare(userId, share, {})).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    const envelope = await sealRecoveryShare(userId, share, { password: 'correct horse battery' })
    const ct = envelope.ct
    const flipped = `${ct.slice(0, 4)}${ct[4] === 'A' ? 'B' : 'A'}${ct.slice(5)}`
    await expect(openRecoveryShare(userId, { ...envelope, ct: flipped }, { password: 'correct horse battery' })).rejects.toMatchObject({ code: 'WALLET_MISMATCH' })
    await expect(openRecoveryShare(userId, { ...envelope, password: { ...envelope.password!, N: 2 ** 4 } }, { password: 'correct horse battery' })).rejects.toMatchObject({ code: 'WALLET_MISMATCH' })
    expect(passwordKdf.N).toBe(2 ** 17)
    expect(() => readRecoveryEnvelope({ v: 1, iv: 'a', ct: 'b' })).toThrow()
    expect(() => readRecoveryEnvelope({ v: 2, iv: 'a', ct: 'b', password: envelope.password })).toThrow()
  }, 30_000)
})
