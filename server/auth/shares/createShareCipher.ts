import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** Encrypts and decrypts one kind of share at rest. */
export type ShareCipher = {
  /** AES-256-GCM with a random 12-byte IV; `context` (the user id and the share kind) is bound as associated data. */
  seal(plaintext: string, context: string): Buffer
  /** Opens what {@link ShareCipher.seal} made for the same context; throws if the bytes or the context differ. */
  open(sealed: Buffer, context: string): string
}

const version = 1

/**
 * A cipher for shares at rest: `version (1 byte) | iv (12) | ciphertext | tag (16)`, AES-256-GCM
 * from node:crypto. The auth and recovery shares use different keys.
 *
 * @param key - 32 bytes
 * @example
 * const cipher = createShareCipher(key)
 * cipher.open(cipher.seal('share', 'user:auth'), 'user:auth') // 'share'
 */
export function createShareCipher(key: Buffer): ShareCipher {
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([version]), iv, body, cipher.getAuthTag()])
    },
    open(sealed, context) {
      if (sealed.length < 29 || sealed[0] !== version) throw new Error('Unknown share format')
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(sealed.subarray(sealed.length - 16))
      return Buffer.concat([decipher.update(sealed.subarray(13, sealed.length - 16)), decipher.final()]).toString('utf8')
    },
  }
}
