import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The file in the sandbox's data directory that keeps the share keys across restarts. */
export const sandboxAuthKeysFile = 'auth-keys.json'

/**
 * The sandbox's `auth.shareKey` and `auth.recoveryKey`: read from `<dataDir>/auth-keys.json`, or
 * drawn at random (32 bytes each) and written there on first start, so a restart keeps the
 * wallets readable. Development only: a real deployment keeps its keys in its secret store.
 *
 * @param dataDir - the sandbox's data directory
 * @example
 * const { shareKey, recoveryKey } = await sandboxAuthKeys('.portico/data')
 */
export async function sandboxAuthKeys(dataDir: string): Promise<{ shareKey: string; recoveryKey: string }> {
  const file = join(dataDir, sandboxAuthKeysFile)
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { shareKey?: unknown; recoveryKey?: unknown }
    if (typeof saved.shareKey === 'string' && typeof saved.recoveryKey === 'string') return { shareKey: saved.shareKey, recoveryKey: saved.recoveryKey }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file} is not readable JSON with shareKey and recoveryKey; delete it to start over (the wallets kept under it become unreadable)`, { cause: error })
  }
  const keys = { shareKey: randomBytes(32).toString('hex'), recoveryKey: randomBytes(32).toString('hex') }
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 })
  return keys
}
