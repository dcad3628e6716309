import { isRecord } from '../utils/isRecord.js'
import { readItem, writeItem, type KeyValueStorage } from '../utils/KeyValueStorage.js'
import { decodeShare } from './shares.js'

/** Where the frame keeps this browser's share (the wallet origin's localStorage). */
export const deviceShareKey = 'portico-auth:device'

/**
 * This browser's device share, bound to the user it belongs to: `{ userId, share }`. A share of
 * another user, or a value that is not one, is dropped and reads as none.
 *
 * @example
 * const device = createDeviceShare(localStorage)
 * device.read('email:alice@example.com')
 */
export function createDeviceShare(storage: KeyValueStorage) {
  return {
    read(userId: string): string | undefined {
      const raw = readItem(storage, deviceShareKey)
      if (raw === undefined) return undefined
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        value = undefined
      }
      if (!isRecord(value) || typeof value.userId !== 'string' || typeof value.share !== 'string' || !decodeShare(value.share)) {
        writeItem(storage, deviceShareKey, undefined)
        return undefined
      }
      if (value.userId !== userId) {
        writeItem(storage, deviceShareKey, undefined)
        return undefined
      }
      return value.share
    },
    write(userId: string, share: string): boolean {
      return writeItem(storage, deviceShareKey, JSON.stringify({ userId, share }))
    },
    drop(): void {
      writeItem(storage, deviceShareKey, undefined)
    },
  }
}

export type DeviceShare = ReturnType<typeof createDeviceShare>
