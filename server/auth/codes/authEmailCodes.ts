import { createHmac } from 'node:crypto'
import { HttpError } from '../../errors/HttpError.js'
import { sendEmail } from '../../email/sendEmail.js'
import type { SqlStorage } from '../../storage/SqlStorage.js'
import type { ResolvedAuthConfig } from '../resolveAuthConfig.js'
import { loginCodeEmail, newDeviceEmail } from './authEmails.js'
import { createCodeStore, type CodePurpose } from './createCodeStore.js'

/**
 * Email codes with delivery: makes a code (limits checked by the store), sends it through the
 * server's SMTP settings and answers `{ attemptId, expiresAt, resendAfter }`; also sends the
 * "new device" notice. Without email login every send is a 503 `EMAIL_NOT_CONFIGURED`.
 *
 * @example
 * const codes = authEmailCodes({ storage, auth })
 * await codes.send({ purpose: 'login', projectId, email, challenge })
 */
export function authEmailCodes({ storage, auth }: { storage: SqlStorage; auth: ResolvedAuthConfig }) {
  const secret = createHmac('sha256', auth.shareKey).update('portico-auth:codes').digest()
  const store = createCodeStore(storage, { secret, limits: auth.limits, now: auth.now })
  const smtp = () => {
    if (!auth.email) throw new HttpError({ status: 503, code: 'EMAIL_NOT_CONFIGURED', message: 'This server has no email login (no SMTP server is configured)' })
    return auth.email
  }
  return {
    async send({ purpose, projectId, email, userId, challenge }: { purpose: CodePurpose; projectId: string; email: string; userId?: string; challenge: string }) {
      const settings = smtp()
      const { attemptId, code, expiresAt, resendAfter } = await store.start({ purpose, projectId, email, challenge, ...(userId ? { userId } : {}) })
      try {
        await sendEmail(settings, loginCodeEmail({ to: email, code, siteName: auth.siteName, minutes: Math.max(1, Math.round(auth.limits.codeTtlMs / 60_000)), change: purpose === 'change' }))
      } catch (cause) {
        await store.discard(attemptId)
        throw new HttpError({ status: 502, code: 'EMAIL_NOT_SENT', message: 'The code could not be sent; try again', cause })
      }
      return { attemptId, expiresAt, resendAfter }
    },
    verify: store.verify,
    async notifyNewDevice(email: string) {
      if (!auth.email) return
      await sendEmail(auth.email, newDeviceEmail({ to: email, siteName: auth.siteName })).catch(() => undefined)
    },
  }
}
