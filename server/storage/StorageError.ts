import { BaseError } from '../../kernel/errors/BaseError.js'

export type StorageErrorType = StorageError & { name: 'StorageError' }

/**
 * The server's storage could not be opened or migrated: a malformed `database.url`, an engine
 * that refuses the connection, or a migration that failed (nothing of it is applied then).
 *
 * @example
 * try { await openStorage({ dataDir, database: { url: 'mysql://…' } }) } catch (e) { if (e instanceof StorageError) e.code }
 */
export class StorageError extends BaseError {
  override name = 'StorageError'
  override code = 'STORAGE_FAILED'

  constructor(shortMessage: string, parameters: { cause?: unknown } = {}) {
    super(shortMessage, { cause: parameters.cause, docsPath: '/server/scaling.md#storage' })
  }
}
