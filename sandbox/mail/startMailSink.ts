import type { AddressInfo } from 'node:net'

/** One email the sink received. */
export type SinkMail = { id: number; receivedAt: string; from: string; to: string[]; subject: string; text: string; html: string; headers: Record<string, string> }

export type MailSink = {
  host: string
  port: number
  /** The newest first, at most `limit`. */
  list(): SinkMail[]
  get(id: number): SinkMail | undefined
  stop(): Promise<void>
}

/** Keeps at most this many messages (the oldest go first). */
const limit = 200
/** Largest message accepted, in bytes. */
const maxMessageBytes = 1_048_576

/**
 * The sandbox's local SMTP server: accepts mail for any address on 127.0.0.1 (no TLS, no login),
 * parses each message with mailparser and keeps the latest in memory for the mailbox page
 * (`/sandbox/mail`). Nothing is delivered anywhere. smtp-server and mailparser load on start.
 *
 * @param parameters the port (0 picks a free one)
 * @returns the running sink
 * @example
 * const sink = await startMailSink({ port: 4709 })
 */
export async function startMailSink({ port, host = '127.0.0.1' }: { port: number; host?: string }): Promise<MailSink> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')])
  const mails: SinkMail[] = []
  let nextId = 1
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Portico sandbox mail sink',
    size: maxMessageBytes,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {}
          for (const { key, line } of parsed.headerLines) headers[key] = line.slice(line.indexOf(':') + 1).trim()
          mails.unshift({
            id: nextId++,
            receivedAt: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers,
          })
          mails.splice(limit)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', () => undefined)
  return {
    host,
    port: (server.server.address() as AddressInfo).port,
    list: () => mails.map((m) => ({ ...m })),
    get: (id) => mails.find((m) => m.id === id),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
