// Email capture on Postgres, shared by two instances: subscribed through A, confirmed by the
// link on B, exported from either; the same address taken by both at once is stored once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailSink, type MailSink } from '../../../sandbox/mail/startMailSink.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

let engines: TestEngines
let sink: MailSink
let a: TestServer
let b: TestServer
const token = 'export-secret-pg'

beforeAll(async () => {
  ;[engines, sink] = await Promise.all([startEngines(), startMailSink({ port: 0 })])
  const url = await engines.createDatabase('email_two_instances')
  const config = {
    indexer: false as const,
    database: { url },
    email: { smtp: { host: '127.0.0.1', port: sink.port }, from: 'Portico <no-reply@portico.localhost>', exportTokens: { demo: token } },
  }
  ;[a, b] = [await startTestServer(config), await startTestServer(config)]
})
afterAll(async () => {
  await a?.dispose()
  await b?.dispose()
  await sink?.stop()
  await engines?.stop()
})

const exportRows = async (server: TestServer) =>
  (await (await fetch(`${server.url}/v1/email-capture/export?projectId=demo`, { headers: { authorization: `Bearer ${token}` } })).text()).trim().split('\r\n').slice(1)

describe('email capture on Postgres with two instances', () => {
  it('confirms on B an address subscribed through A, and both export it', async () => {
    expect((await a.post('/v1/email-capture?projectId=demo', { email: 'Grace@Example.com', siteName: 'Demo' })).status).toBe(202)
    const confirm = new RegExp(`${a.url.replace(/[.]/g, '\\.')}/v1/email-capture/confirm\\?token=([A-Za-z0-9_-]+)`).exec(sink.list()[0]!.text)
    expect(confirm).not.toBeNull()
    const page = await fetch(`${b.url}/v1/email-capture/confirm?token=${confirm![1]}`)
    expect(await page.text()).toContain('Email confirmed')
    for (const server of [a, b]) expect(await exportRows(server)).toEqual([expect.stringMatching(/^"grace@example\.com","","confirmed","\d{4}-[^"]+","\d{4}-[^"]+",""$/)])
  })

  it('stores an address given to both instances at once a single time', async () => {
    const answers = await Promise.all([a, b].map((server) => server.post('/v1/email-capture?projectId=demo', { email: 'twice@example.com' })))
    expect(answers.map((answer) => answer.status)).toEqual([202, 202])
    expect((await exportRows(b)).filter((row) => row.startsWith('"twice@example.com"'))).toHaveLength(1)
  })
})
