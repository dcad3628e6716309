import type { OutgoingEmail } from '../../email/sendEmail.js'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The email with a login (or email-change) code: the code in the subject, the text and the HTML.
 *
 * @example
 * loginCodeEmail({ to: 'alice@example.com', code: '123456', siteName: 'Demo', minutes: 10 }).subject
 * // 'Your Demo login code: 123456'
 */
export function loginCodeEmail({ to, code, siteName, minutes, change = false }: { to: string; code: string; siteName: string; minutes: number; change?: boolean }): OutgoingEmail {
  const what = change ? 'code to confirm your new email address' : 'login code'
  const text = `Your ${siteName} ${what} is ${code}\n\nIt is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this email.\n`
  const html = `<p>Your ${escapeHtml(siteName)} ${what} is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p><p>It is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this email.</p>`
  return { to, subject: `Your ${siteName} ${change ? 'email change code' : 'login code'}: ${code}`, text, html }
}

/**
 * The email sent when the recovery share is released: the wallet was opened on a new device.
 *
 * @example
 * newDeviceEmail({ to: 'alice@example.com', siteName: 'Demo' }).subject // 'Demo: your wallet was opened on a new device'
 */
export function newDeviceEmail({ to, siteName }: { to: string; siteName: string }): OutgoingEmail {
  const text = `Your ${siteName} wallet was just opened on a new device or browser.\n\nIf this was you, there is nothing to do. If not, someone can read your email: secure your email account now.\n`
  return { to, subject: `${siteName}: your wallet was opened on a new device`, text, html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '')}</p>` }
}
