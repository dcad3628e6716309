// Email capture end to end on the server: the sandbox's SMTP sink (smtp-server + mailparser)
// receives the confirmation email nodemailer sent, its link confirms the address, the unsubscribe
// link in it works, the export is CSV behind the project's bearer token, and invalid emails are
// refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startMailSink, type MailSink } from '../../../sandbox/mail/startMailSink.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

let sink: MailSink
let server: TestServer
const token = 'export-secret-1'
const caipAddress = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

beforeAll(async () => {
  sink = await startMailSink({ port: 0 })
  server = await startTestServer({ indexer: false, email: { smtp: { host: '127.0.0.1', port: sink.port }, from: 'Portico <no-reply@portico.localhost>', exportTokens: { demo: token } } })
})
afterAll(async () => {
  await server?.dispose()
  await sink?.stop()
})

const subscribe = (body: unknown, project = 'demo') => server.post(`/v1/email-capture?projectId=${project}`, body)
const linkIn = (text: string, path: string) => new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0]
const exportCsv = (auth?: string) => fetch(`${server.url}/v1/email-capture/export?projectId=demo`, auth ? { headers: { authorization: auth } } : {})

describe('email capture', () => {
  it('stores a pending address and sends the confirmation email with confirm and unsubscribe links', async () => {
    const answer = await subscribe({ email: 'Ada@Example.com', caipAddress, siteName: 'Demo dApp' })
    expect(answer.status).toBe(202)
    expect(answer.body).toEqual({ status: 'pending' })
    const mail = sink.list()[0]!
    expect(mail.to).toEqual(['ada@example.com'])
    expect(mail.subject).toBe('Confirm your email for Demo dApp')
    expect(linkIn(mail.text, '/v1/email-capture/confirm')).toBeDefined()
    expect(linkIn(mail.text, '/v1/email-capture/unsubscribe')).toBeDefined()
    expect(mail.headers['list-unsubscribe']).toContain('/v1/email-capture/unsubscribe?token=')
    const csv = await (await exportCsv(`Bearer ${token}`)).text()
    expect(csv).toContain(`"ada@example.com","${caipAddress}","pending"`)
  })

  it('confirms through the link, and the export lists it as confirmed', async () => {
    const link = linkIn(sink.list()[0]!.text, '/v1/email-capture/confirm')!
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Email confirmed')
    const response = await exportCsv(`Bearer ${token}`)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const rows = (await response.text()).trim().split('\r\n')
    expect(rows[0]).toBe('email,caip_address,status,created_at,confirmed_at,unsubscribed_at')
    expect(rows[1]).toMatch(/^"ada@example\.com","eip155:31337:0x7099[^"]+","confirmed","\d{4}-[^"]+","\d{4}-[^"]+",""$/)
    // Subscribing a confirmed address again sends nothing new.
    const before = sink.list().length
    expect((await subscribe({ email: 'ada@example.com', caipAddress })).body).toEqual({ status: 'confirmed' })
    expect(sink.list().length).toBe(before)
  })

  it('unsubscribes through the link in the email', async () => {
    const link = linkIn(sink.list()[0]!.text, '/v1/email-capture/unsubscribe')!
    expect(await (await fetch(link)).text()).toContain('Unsubscribed')
    expect(await (await exportCsv(`Bearer ${token}`)).text()).toContain('"unsubscribed"')
    expect((await fetch(`${server.url}/v1/email-capture/confirm?token=not-a-token`)).status).toBe(404)
  })

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 'ada@@example.com', 'ada@exa_mple.com', `${'a'.repeat(65)}@example.com`, 42, null])('refuses the email %j and sends nothing', async (email) => {
    const before = sink.list().length
    const answer = await subscribe({ email, caipAddress })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Enter a valid email address')
    expect(sink.list().length).toBe(before)
  })

  it('refuses a malformed wallet address', async () => {
    expect((await subscribe({ email: 'bob@example.com', caipAddress: 'not an address' })).status).toBe(400)
  })

  it('refuses the export without the right token', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Basic ${token}`]) expect((await exportCsv(auth)).status).toBe(401)
  })

  it('defuses spreadsheet formulas in the export', async () => {
    await subscribe({ email: '=cmd@example.com', caipAddress })
    expect(await (await exportCsv(`Bearer ${token}`)).text()).toContain(`"'=cmd@example.com"`)
  })
})

describe('email capture without SMTP', () => {
  it('answers 503', async () => {
    const bare = await startTestServer({ indexer: false })
    try {
      expect((await bare.post('/v1/email-capture?projectId=demo', { email: 'ada@example.com' })).status).toBe(503)
    } finally {
      await bare.dispose()
    }
  })
})
