import { randomBytes } from 'node:crypto'

import type { SqlStorage } from '../storage/SqlStorage.js'

import { isEmailAddress } from '../../kernel/utils/isEmailAddress.js'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import type { EmailConfig } from './EmailConfig.js'
import { type OutgoingEmail, sendEmail } from './sendEmail.js'

type Row = { id: number; project_id: string; email: string; caip_address: string | null; token: string; status: string; created_at: number; confirmed_at: number | null; unsubscribed_at: number | null }

export type EmailCaptureOptions = {
  /** Where the addresses live (table `email_subscribers`, migration 4). */
  storage: SqlStorage
  config: EmailConfig
  /** Where links in the emails point (the server's public URL). */
  linkBaseUrl: () => string
  /** Sends an email (default: SMTP through `config.smtp`). */
  send?: (email: OutgoingEmail) => Promise<void>
  now?: () => number
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
/** A CSV field, quoted; a leading =, +, - or @ is defused so a spreadsheet does not run it. */
const csvField = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`

/**
 * Email capture with double opt-in: a visitor's address is stored with their wallet address and
 * the project, pending until the link in the confirmation email is followed; every email carries
 * an unsubscribe link; the site owner exports the list as CSV with the project's bearer token.
 *
 * @example
 * const capture = createEmailCapture({ storage, config: serverConfig.email, linkBaseUrl: () => url })
 * await capture.subscribe({ projectId: 'demo', email: 'ada@example.com', caipAddress })
 */
export function createEmailCapture({ storage, config, linkBaseUrl, send = (email) => sendEmail(config, email), now = () => Date.now() }: EmailCaptureOptions) {
  const columns = 'id, project_id, email, caip_address, token, status, created_at, confirmed_at, unsubscribed_at'
  const toRow = (row: Row): Row => ({
    ...row,
    id: Number(row.id),
    created_at: Number(row.created_at),
    confirmed_at: row.confirmed_at === null ? null : Number(row.confirmed_at),
    unsubscribed_at: row.unsubscribed_at === null ? null : Number(row.unsubscribed_at),
  })
  const one = async (where: string, params: string[]): Promise<Row | undefined> => {
    const row = (await storage.query<Row>(`SELECT ${columns} FROM email_subscribers WHERE ${where}`, params))[0]
    return row ? toRow(row) : undefined
  }
  const find = (projectId: string, email: string) => one('project_id = ? AND email = ?', [projectId, email])
  const byToken = (token: string) => one('token = ?', [token])

  const link = (path: string, token: string) => `${(config.linkBaseUrl ?? linkBaseUrl()).replace(/\/+$/, '')}${path}?token=${token}`

  async function sendConfirmation(row: Row, siteName: string) {
    const confirm = link('/v1/email-capture/confirm', row.token)
    const unsubscribe = link('/v1/email-capture/unsubscribe', row.token)
    const site = siteName || row.project_id
    await send({
      to: row.email,
      subject: `Confirm your email for ${site}`,
      text: `You (or someone using your address) asked ${site} to send you updates.\n\nConfirm: ${confirm}\n\nNot you? Ignore this email, or unsubscribe: ${unsubscribe}\n`,
      html: `<p>You (or someone using your address) asked <b>${escapeHtml(site)}</b> to send you updates.</p><p><a href="${escapeHtml(confirm)}">Confirm your email</a></p><p>Not you? Ignore this email, or <a href="${escapeHtml(unsubscribe)}">unsubscribe</a>.</p>`,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
    })
  }

  return {
    /** Stores the address (pending) and sends the confirmation email; again for a pending or unsubscribed address. */
    async subscribe({ projectId, email, caipAddress, siteName = '' }: { projectId: string; email: unknown; caipAddress?: unknown; siteName?: string }): Promise<{ status: 'pending' | 'confirmed' }> {
      if (!isEmailAddress(email)) throw badRequest('Enter a valid email address')
      if (caipAddress !== undefined && (typeof caipAddress !== 'string' || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/.test(caipAddress))) {
        throw badRequest('caipAddress must be a CAIP-10 account id')
      }
      const normalized = email.trim().toLowerCase()
      let row = await find(projectId, normalized)
      if (row?.status === 'confirmed') return { status: 'confirmed' }
      if (row) {
        await storage.run("UPDATE email_subscribers SET caip_address = ?, status = 'pending', unsubscribed_at = NULL WHERE id = ?", [caipAddress ?? row.caip_address, row.id])
      } else {
        // Two instances may take the same address at once: the first insert wins, the other keeps it.
        await storage.run(
          'INSERT INTO email_subscribers (project_id, email, caip_address, token, status, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (project_id, email) DO NOTHING',
          [projectId, normalized, caipAddress ?? null, randomBytes(24).toString('base64url'), 'pending', now()],
        )
      }
      row = (await find(projectId, normalized)) as Row
      try {
        await sendConfirmation(row, siteName)
      } catch (cause) {
        throw new HttpError({ status: 502, code: 'EMAIL_NOT_SENT', message: 'The confirmation email could not be sent; try again later', cause })
      }
      return { status: 'pending' }
    },
    /** Follows a confirmation link; undefined for an unknown token. */
    async confirm(token: string): Promise<Row | undefined> {
      const row = await byToken(token)
      if (!row) return undefined
      if (row.status !== 'confirmed') await storage.run("UPDATE email_subscribers SET status = 'confirmed', confirmed_at = ? WHERE id = ?", [now(), row.id])
      return byToken(token)
    },
    /** Follows an unsubscribe link; undefined for an unknown token. */
    async unsubscribe(token: string): Promise<Row | undefined> {
      const row = await byToken(token)
      if (!row) return undefined
      if (row.status !== 'unsubscribed') await storage.run("UPDATE email_subscribers SET status = 'unsubscribed', unsubscribed_at = ? WHERE id = ?", [now(), row.id])
      return byToken(token)
    },
    /** The project's list as CSV: email, wallet address, status and dates (ISO 8601). */
    async exportCsv(projectId: string): Promise<string> {
      const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString())
      const lines = ['email,caip_address,status,created_at,confirmed_at,unsubscribed_at']
      const rows = (await storage.query<Row>(`SELECT ${columns} FROM email_subscribers WHERE project_id = ? ORDER BY id`, [projectId])).map(toRow)
      for (const row of rows) lines.push([row.email, row.caip_address ?? '', row.status, iso(row.created_at), iso(row.confirmed_at), iso(row.unsubscribed_at)].map(csvField).join(','))
      return `${lines.join('\r\n')}\r\n`
    },
  }
}
