import type { EmailConfig } from './EmailConfig.js'

export type OutgoingEmail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> }

/**
 * Sends one email through the configured SMTP server with nodemailer (loaded on first use). Plain
 * SMTP without STARTTLS unless `smtp.secure`; the sandbox's sink listens on 127.0.0.1.
 *
 * @example
 * await sendEmail(config.email, { to, subject, text, html })
 */
export async function sendEmail(config: EmailConfig, email: OutgoingEmail): Promise<void> {
  const nodemailer = await import('nodemailer')
  const transport = nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure ?? false,
    ignoreTLS: !config.smtp.secure,
    ...(config.smtp.auth ? { auth: config.smtp.auth } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  })
  try {
    await transport.sendMail({ from: config.from, ...email })
  } finally {
    transport.close()
  }
}
