import { hkdf } from '@noble/hashes/hkdf.js'
import { scryptAsync } from '@noble/hashes/scrypt.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64urlnopad } from '@scure/base'
import { FrameFailure } from '../errors.js'
import { isRecord } from '../utils/isRecord.js'

/**
 * The recovery password's KDF, pinned (docs/guides/embedded-wallet.md §2.1): scrypt N = 2^17,
 * r = 8, p = 1 (128 MiB, OWASP's minimum), 32-byte key, a random 16-byte salt per envelope.
 */
export const passwordKdf = { kdf: 'scrypt', N: 2 ** 17, r: 8, p: 1 } as const

/** The shortest recovery password the frame accepts. */
export const minPasswordLength = 10

/** The HKDF info that turns a passkey's PRF output into the key that wraps the data key. */
const passkeyInfo = 'portico-auth recovery passkey v1'

/** One way to open the envelope: the data key wrapped (AES-256-GCM) under a key only the visitor can derive. */
type Wrap = { iv: string; wrapped: string }

/** What the server stores of a protected recovery share: ciphertext only (base64url fields). */
export type RecoveryEnvelope = {
  v: 1
  /** The recovery share, AES-256-GCM under a random data key; the user id is the associated data. */
  iv: string
  ct: string
  /** The data key under HKDF(the passkey's PRF output for `prfSalt`). */
  passkey?: Wrap & { credentialId: string; prfSalt: string }
  /** The data key under scrypt(password, salt) with the pinned parameters. */
  password?: Wrap & { kdf: 'scrypt'; N: number; r: number; p: number; salt: string }
}

/** What unlocks an envelope, or protects a new one: a passkey's PRF output (for the envelope's salt) and/or a password. */
export type RecoveryKeys = { passkey?: { credentialId: string; prfSalt: Uint8Array; prfOutput: Uint8Array }; password?: string }

const enc = (bytes: Uint8Array) => base64urlnopad.encode(bytes)
function dec(value: unknown, length?: number): Uint8Array {
  if (typeof value !== 'string' || value.length > 2048) throw unreadable()
  let bytes: Uint8Array
  try {
    bytes = base64urlnopad.decode(value)
  } catch {
    throw unreadable()
  }
  if (length !== undefined && bytes.length !== length) throw unreadable()
  return bytes
}
const unreadable = () => new FrameFailure('WALLET_MISMATCH', 'The protected recovery share cannot be read')

async function aesKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, ['encrypt', 'decrypt'])
}

async function seal(key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<{ iv: string; body: string }> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const body = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new Uint8Array(aad) }, await aesKey(key), new Uint8Array(plaintext)))
  return { iv: enc(iv), body: enc(body) }
}

async function open(key: Uint8Array, iv: unknown, body: unknown, aad: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(dec(iv, 12)), additionalData: new Uint8Array(aad) }, await aesKey(key), new Uint8Array(dec(body))))
  } catch {
    return undefined
  }
}

const text = (value: string) => new TextEncoder().encode(value)

/** The key a passkey's PRF output wraps the data key with. */
function passkeyKey(prfOutput: Uint8Array, userId: string): Uint8Array {
  return hkdf(sha256, prfOutput, text(userId), text(passkeyInfo), 32)
}

/** The key a recovery password wraps the data key with (scrypt, pinned parameters). */
function passwordKey(password: string, salt: Uint8Array, params: { N: number; r: number; p: number }): Promise<Uint8Array> {
  return scryptAsync(text(password.normalize('NFKC')), salt, { N: params.N, r: params.r, p: params.p, dkLen: 32, maxmem: 2 ** 28 })
}

/**
 * Encrypts the recovery share for the server so that only the visitor can open it: a random data
 * key encrypts the share (AES-256-GCM, the user id as associated data) and is itself wrapped under
 * the passkey's PRF output (HKDF-SHA-256) and/or the recovery password (scrypt, {@link passwordKdf}).
 * The server, and its operator, see ciphertext only.
 *
 * @example
 * const envelope = await sealRecoveryShare('email:alice@example.com', share, { password: 'correct horse battery' })
 */
export async function sealRecoveryShare(userId: string, share: string, keys: RecoveryKeys): Promise<RecoveryEnvelope> {
  if (!keys.passkey && keys.password === undefined) throw new FrameFailure('INVALID_PARAMS', 'Protect the recovery with a passkey or a password')
  if (keys.password !== undefined && keys.password.length < minPasswordLength) throw new FrameFailure('INVALID_PARAMS', `The recovery password needs at least ${minPasswordLength} characters`)
  const dataKey = crypto.getRandomValues(new Uint8Array(32))
  try {
    const body = await seal(dataKey, text(share), text(userId))
    const envelope: RecoveryEnvelope = { v: 1, iv: body.iv, ct: body.body }
    if (keys.passkey) {
      const wrap = await seal(passkeyKey(keys.passkey.prfOutput, userId), dataKey, text(`${userId}:passkey`))
      envelope.passkey = { credentialId: keys.passkey.credentialId, prfSalt: enc(keys.passkey.prfSalt), iv: wrap.iv, wrapped: wrap.body }
    }
    if (keys.password !== undefined) {
      const salt = crypto.getRandomValues(new Uint8Array(16))
      const wrap = await seal(await passwordKey(keys.password, salt, passwordKdf), dataKey, text(`${userId}:password`))
      envelope.password = { ...passwordKdf, salt: enc(salt), iv: wrap.iv, wrapped: wrap.body }
    }
    return envelope
  } finally {
    dataKey.fill(0)
  }
}

/**
 * Opens an envelope with the passkey's PRF output or the password; `undefined` when the key does
 * not open it (a wrong password, another passkey). Throws WALLET_MISMATCH for an unreadable envelope.
 *
 * @example
 * const share = await openRecoveryShare(userId, envelope, { password })
 */
export async function openRecoveryShare(userId: string, envelope: RecoveryEnvelope, keys: RecoveryKeys): Promise<string | undefined> {
  let dataKey: Uint8Array | undefined
  if (keys.passkey && envelope.passkey) {
    dataKey = await open(passkeyKey(keys.passkey.prfOutput, userId), envelope.passkey.iv, envelope.passkey.wrapped, text(`${userId}:passkey`))
  }
  if (!dataKey && keys.password !== undefined && envelope.password) {
    const { N, r, p, salt } = envelope.password
    // Parameters outside the pinned range are refused (a server cannot make the frame do 2^30 work, or 2^4).
    if (N !== passwordKdf.N || r !== passwordKdf.r || p !== passwordKdf.p) throw unreadable()
    dataKey = await open(await passwordKey(keys.password, dec(salt, 16), { N, r, p }), envelope.password.iv, envelope.password.wrapped, text(`${userId}:password`))
  }
  if (!dataKey || dataKey.length !== 32) return undefined
  try {
    const share = await open(dataKey, envelope.iv, envelope.ct, text(userId))
    if (!share) throw unreadable()
    return new TextDecoder().decode(share)
  } finally {
    dataKey.fill(0)
  }
}

/**
 * Reads an envelope the server answered; throws WALLET_MISMATCH when it is not one.
 *
 * @example
 * readRecoveryEnvelope(JSON.parse(body))
 */
export function readRecoveryEnvelope(value: unknown): RecoveryEnvelope {
  if (!isRecord(value) || value.v !== 1 || typeof value.iv !== 'string' || typeof value.ct !== 'string') throw unreadable()
  const envelope: RecoveryEnvelope = { v: 1, iv: value.iv, ct: value.ct }
  const { passkey, password } = value
  if (isRecord(passkey)) {
    if (typeof passkey.credentialId !== 'string' || typeof passkey.prfSalt !== 'string' || typeof passkey.iv !== 'string' || typeof passkey.wrapped !== 'string') throw unreadable()
    envelope.passkey = { credentialId: passkey.credentialId, prfSalt: passkey.prfSalt, iv: passkey.iv, wrapped: passkey.wrapped }
  }
  if (isRecord(password)) {
    if (password.kdf !== 'scrypt' || typeof password.N !== 'number' || typeof password.r !== 'number' || typeof password.p !== 'number' || typeof password.salt !== 'string' || typeof password.iv !== 'string' || typeof password.wrapped !== 'string') throw unreadable()
    envelope.password = { kdf: 'scrypt', N: password.N, r: password.r, p: password.p, salt: password.salt, iv: password.iv, wrapped: password.wrapped }
  }
  if (!envelope.passkey && !envelope.password) throw unreadable()
  return envelope
}

/** The PRF salt of a passkey's envelope, as bytes. */
export function prfSaltOf(envelope: RecoveryEnvelope): Uint8Array | undefined {
  return envelope.passkey ? dec(envelope.passkey.prfSalt, 32) : undefined
}

/** The credential id of a passkey's envelope, as bytes. */
export function credentialIdOf(envelope: RecoveryEnvelope): Uint8Array | undefined {
  return envelope.passkey ? dec(envelope.passkey.credentialId) : undefined
}
