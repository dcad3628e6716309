import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { HttpError } from '../../errors/HttpError.js'
import type { SqlStorage } from '../../storage/SqlStorage.js'
import type { AuthLimits } from '../AuthConfig.js'
import { rateLimited } from '../rateLimits/createStartLimiter.js'
import { sameString, verifierMatches } from '../secrets.js'

/** Why a code was sent: a login, or proving a new address for an email change. */
export type CodePurpose = 'login' | 'change'

type AttemptRow = { id: string; purpose: CodePurpose; project_id: string; email: string; user_id: string | null; code_hash: string; challenge: string; expires_at: number; wrong_count: number; used: number }

const hourMs = 3_600_000

/**
 * One-time login codes: 6 digits, kept as an HMAC (keyed by the server's secret, salted with the
 * attempt id), valid `codeTtlMs`, single use, locked after `maxWrongCodes` wrong tries, at most
 * one per email every `resendGapMs` and `codesPerEmailPerHour` per hour. Verifying also needs the
 * PKCE verifier of the start's challenge. In the server's storage: a code sent by one instance
 * verifies on any other, and the per-email limits count across all of them.
 *
 * @example
 * const codes = createCodeStore(storage, { secret, limits, now: Date.now })
 * const { attemptId, code } = await codes.start({ purpose: 'login', projectId, email, challenge })
 */
export function createCodeStore(storage: SqlStorage, { secret, limits, now }: { secret: Buffer; limits: AuthLimits; now: () => number }) {
  const hashCode = (attemptId: string, code: string) => createHmac('sha256', secret).update(`${attemptId}:${code}`).digest('base64url')

  type VerifyParameters = { purpose: CodePurpose; attemptId: string; code: string; verifier: string; userId?: string }
  // Wrong tries must be counted even though the answer is a refusal, so the check returns the
  // outcome and the refusal is thrown by `verify`. Each change is one conditional statement, so
  // instances verifying the same attempt at once can neither use it twice nor pass the lock.
  const check = async ({ purpose, attemptId, code, verifier, userId }: VerifyParameters) => {
    const [row] = await storage.query<AttemptRow>(
      'SELECT id, purpose, project_id, email, user_id, code_hash, challenge, expires_at, wrong_count, used FROM auth_code_attempts WHERE id = ?',
      [attemptId],
    )
    if (!row || row.purpose !== purpose || (purpose === 'change' && row.user_id !== userId)) return { refused: 'unknown' as const }
    if (row.used) return { refused: 'used' as const }
    if (row.wrong_count >= limits.maxWrongCodes) return { refused: 'locked' as const }
    if (row.expires_at <= now()) return { refused: 'expired' as const }
    const right = sameString(hashCode(row.id, code), row.code_hash)
    if (!right || !verifierMatches(verifier, row.challenge)) {
      const [counted] = await storage.query<{ wrong_count: number }>(
        'UPDATE auth_code_attempts SET wrong_count = wrong_count + 1 WHERE id = ? AND wrong_count < ? RETURNING wrong_count',
        [row.id, limits.maxWrongCodes],
      )
      const attemptsLeft = counted ? limits.maxWrongCodes - counted.wrong_count : 0
      if (attemptsLeft <= 0) return { refused: 'locked' as const }
      return right ? { refused: 'verifier' as const } : { refused: 'wrong' as const, attemptsLeft }
    }
    const used = await storage.run('UPDATE auth_code_attempts SET used = 1 WHERE id = ? AND used = 0 AND wrong_count < ?', [row.id, limits.maxWrongCodes])
    if (used.changes !== 1) return { refused: 'used' as const }
    return { email: row.email, projectId: row.project_id, userId: row.user_id }
  }

  return {
    /** Checks the per-email limits and makes a code; throws 429 `RATE_LIMITED` (`data.retryAfter`). */
    start: ({ purpose, projectId, email, userId, challenge }: { purpose: CodePurpose; projectId: string; email: string; userId?: string; challenge: string }) =>
      storage.transaction(async (tx) => {
        // On Postgres, starts for one email wait for each other (instances would otherwise both see room).
        if (storage.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext(?))', [`portico:auth-code:${email}`])
        const at = now()
        await tx.run('DELETE FROM auth_code_attempts WHERE created_at <= ? AND expires_at <= ?', [at - hourMs, at])
        const [{ n, oldest, newest }] = (await tx.query<{ n: number; oldest: number | null; newest: number | null }>(
          'SELECT COUNT(*) AS n, MIN(created_at) AS oldest, MAX(created_at) AS newest FROM auth_code_attempts WHERE email = ? AND created_at > ?',
          [email, at - hourMs],
        )) as [{ n: number; oldest: number | null; newest: number | null }]
        if (newest !== null && at - newest < limits.resendGapMs) throw rateLimited('A code was just sent to this email', (newest + limits.resendGapMs - at) / 1000)
        if (n >= limits.codesPerEmailPerHour) throw rateLimited('Too many codes for this email this hour', ((oldest ?? at) + hourMs - at) / 1000)
        const attemptId = randomBytes(16).toString('base64url')
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
        await tx.run(
          'INSERT INTO auth_code_attempts (id, purpose, project_id, email, user_id, code_hash, challenge, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [attemptId, purpose, projectId, email, userId ?? null, hashCode(attemptId, code), challenge, at, at + limits.codeTtlMs],
        )
        return { attemptId, code, expiresAt: at + limits.codeTtlMs, resendAfter: at + limits.resendGapMs }
      }),
    /** Forgets an attempt whose email could not be sent (so it counts against no limit). */
    async discard(attemptId: string): Promise<void> {
      await storage.run('DELETE FROM auth_code_attempts WHERE id = ?', [attemptId])
    },
    /**
     * Redeems a code: the attempt's email (and user, for a change) when the code and verifier are
     * right. Refusals: 400 `WRONG_CODE` (`data.attemptsLeft`), 423 `LOCKED`, 410 `CODE_EXPIRED`,
     * 409 `CODE_USED`, 400 `INVALID_PARAMS` (unknown attempt, other purpose, wrong verifier; a
     * wrong verifier counts as a wrong try).
     */
    async verify(parameters: VerifyParameters): Promise<{ email: string; projectId: string; userId: string | null }> {
      const result = await check(parameters)
      if (!('refused' in result)) return result
      switch (result.refused) {
        case 'used':
          throw new HttpError({ status: 409, code: 'CODE_USED', message: 'This code was already used; ask for a new one' })
        case 'locked':
          throw new HttpError({ status: 423, code: 'LOCKED', message: 'Too many wrong codes; ask for a new one' })
        case 'expired':
          throw new HttpError({ status: 410, code: 'CODE_EXPIRED', message: 'This code has expired; ask for a new one' })
        case 'verifier':
          throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: 'The verifier does not match the challenge of this attempt' })
        case 'wrong':
          throw new HttpError({ status: 400, code: 'WRONG_CODE', message: `Wrong code; ${result.attemptsLeft} ${result.attemptsLeft === 1 ? 'try' : 'tries'} left`, data: { attemptsLeft: result.attemptsLeft } })
        default:
          throw new HttpError({ status: 400, code: 'INVALID_PARAMS', message: 'No such code attempt; ask for a new code' })
      }
    },
  }
}

export type CodeStore = ReturnType<typeof createCodeStore>
