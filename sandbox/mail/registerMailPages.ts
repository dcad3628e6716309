import type { FastifyInstance } from 'fastify'

import type { MailSink } from './startMailSink.js'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Text with its http(s) links made clickable; everything else escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escape(part)}">${escape(part)}</a>` : escape(part)))
    .join('')
}

const csp = "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><link rel="stylesheet" href="/sandbox/mail.css"></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`
}

const css = `body{font:15px/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#111;background:#fafafa}main{max-width:48rem;margin:0 auto}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top;word-break:break-word}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #ddd;padding:1rem;border-radius:8px}a{color:#0645ad}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}pre{background:#1b1b1b;border-color:#333}a{color:#8ab4f8}th,td{border-color:#333}}`

/**
 * The sandbox's mailbox: `/sandbox/mail` lists what the SMTP sink received (newest first),
 * `/sandbox/mail/:id` shows one message as text with its links clickable (never its HTML),
 * `/sandbox/mail.json` answers the same list as JSON for tests.
 *
 * @example
 * registerMailPages(sink)(app)
 */
export function registerMailPages(sink: MailSink): (app: FastifyInstance) => void {
  return (app) => {
    app.get('/sandbox/mail.css', async (_request, reply) => reply.header('content-type', 'text/css; charset=utf-8').send(css))
    // The demo site's privacy policy (the DataCapture view links it).
    app.get('/sandbox/privacy', async (_request, reply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', csp).send(page('Demo privacy policy', '<p>The Portico demo keeps the email you give with your wallet address on this sandbox server only, sends a confirmation first, and every email has an unsubscribe link.</p>')),
    )
    app.get('/sandbox/mail.json', async (_request, reply) => reply.header('cache-control', 'no-store').send({ messages: sink.list() }))
    app.get('/sandbox/mail', async (_request, reply) => {
      const rows = sink
        .list()
        .map((m) => `<tr><td>${escape(m.receivedAt.replace('T', ' ').slice(0, 19))}</td><td>${escape(m.to.join(', '))}</td><td><a href="/sandbox/mail/${m.id}">${escape(m.subject || '(no subject)')}</a></td></tr>`)
        .join('')
      const body = rows ? `<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No mail yet. Emails the sandbox server sends (email capture confirmations, login codes) appear here.</p>'
      return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-store').send(page('Sandbox mailbox', body))
    })
    app.get<{ Params: { id: string } }>('/sandbox/mail/:id', async (request, reply) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : NaN
      const mail = Number.isFinite(id) ? sink.get(id) : undefined
      reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-store')
      if (!mail) return reply.code(404).send(page('Message not found', '<p><a href="/sandbox/mail">Back to the mailbox</a></p>'))
      const meta = `<dl><dt>From</dt><dd>${escape(mail.from)}</dd><dt>To</dt><dd>${escape(mail.to.join(', '))}</dd><dt>Received</dt><dd>${escape(mail.receivedAt)}</dd></dl>`
      return reply.send(page(mail.subject || '(no subject)', `<p><a href="/sandbox/mail">Back to the mailbox</a></p>${meta}<pre>${linkify(mail.text)}</pre>`))
    })
  }
}
