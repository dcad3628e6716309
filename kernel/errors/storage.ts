import { BaseError } from './BaseError.js'

/** A stored value was unreadable, foreign or too large and has been dropped. */
export class StorageValueDroppedError extends BaseError {
  override name = 'StorageValueDroppedError'
  override code = 'STORAGE_VALUE_DROPPED'
  key: string
  constructor({ key, reason, cause }: { key: string; reason: string; cause?: unknown }) {
    super(`Dropped stored value "${key}": ${reason}`, { cause, docsPath: '/kernel/errors.md#storagevaluedroppederror' })
    this.key = key
  }
}

/** Writing to storage failed (quota, privacy mode); the value lives in memory only. */
export class StorageWriteError extends BaseError {
  override name = 'StorageWriteError'
  override code = 'STORAGE_WRITE_FAILED'
  key: string
  constructor({ key, cause }: { key: string; cause?: unknown }) {
    super(`Could not store "${key}"`, { cause, docsPath: '/kernel/errors.md#storagewriteerror' })
    this.key = key
  }
}
