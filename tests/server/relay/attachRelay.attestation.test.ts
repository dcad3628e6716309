import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { RelayMailbox } from '../../../server/relay/RelayMailbox.js'
import { applyMigrations } from '../../../server/storage/applyMigrations.js'
import { createSqliteStorage } from '../../../server/storage/createSqliteStorage.js'
import { relayLimits } from '../../../server/relay/relayLimits.js'
import { RawRelayClient, waitUntil } from './helpers/RawRelayClient.js'
import { startRelayServer, type RelayServer } from './helpers/startRelayServer.js'

let dir: string
let relayServer: RelayServer
const open: RawRelayClient[] = []
const topic = () => randomBytes(32).toString('hex')
const attestation = 'eyJhbGciOiJFUzI1NiJ9.eyJpc1NjYW0iOmZhbHNlLCJvcmlnaW4iOiJodHRwOi8vMTI3LjAuMC4xIn0.c2ln'

async function client(): Promise<RawRelayClient> {
  const c = await RawRelayClient.connect(relayServer.url)
  open.push(c)
  return c
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-relay-attestation-'))
  relayServer = await startRelayServer({ dbPath: join(dir, 'relay.db') })
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await relayServer?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('attachRelay: the publisher\'s Verify attestation', () => {
  it('carries it from irn_publish to live delivery, and keeps "" when none was sent', async () => {
    const t = topic()
    const [publisher, recipient] = await Promise.all([client(), client()])
    await recipient.request('irn_subscribe', { topic: t })
    await publisher.request('irn_publish', { topic: t, message: 'attested', ttl: 300, tag: 1100, attestation })
    await publisher.request('irn_publish', { topic: t, message: 'plain', ttl: 300, tag: 1100 })
    await waitUntil(() => (recipient.deliveries(t).length === 2 ? true : undefined))
    expect(recipient.deliveries(t).map((d) => [d.message, d.attestation])).toEqual([
      ['attested', attestation],
      ['plain', ''],
    ])
  })

  it('carries it through irn_batchPublish, the mailbox (late subscriber) and irn_fetchMessages', async () => {
    const [first, second] = [topic(), topic()]
    const publisher = await client()
    const reply = await publisher.request('irn_batchPublish', {
      messages: [
        { topic: first, message: 'batch one', ttl: 300, attestation },
        { topic: second, message: 'batch two', ttl: 300 },
      ],
    })
    expect(reply.json.result).toBe(true)
    const late = await client()
    await late.request('irn_subscribe', { topic: first })
    await waitUntil(() => late.deliveries(first)[0])
    expect(late.deliveries(first)[0]).toMatchObject({ message: 'batch one', attestation })
    const fetched = await late.request('irn_fetchMessages', { topic: second })
    expect(fetched.json.result).toMatchObject({ messages: [{ topic: second, message: 'batch two', attestation: '' }] })
  })

  it('carries it through wc_proposeSession and wc_approveSession', async () => {
    const pairingTopic = topic()
    const sessionTopic = topic()
    const [dapp, wallet] = await Promise.all([client(), client()])
    await dapp.request('wc_proposeSession', { pairingTopic, sessionProposal: 'proposal', ttl: 300, attestation })
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    await waitUntil(() => wallet.deliveries(pairingTopic)[0])
    expect(wallet.deliveries(pairingTopic)[0]!.attestation).toBe(attestation)
    await wallet.request('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
      attestation: 'wallet-attestation',
    })
    await waitUntil(() => dapp.deliveries(pairingTopic)[0])
    expect(dapp.deliveries(pairingTopic)[0]!.attestation).toBe('wallet-attestation')
  })

  it('refuses an attestation that is not a string or too long, and stores nothing', async () => {
    const t = topic()
    const publisher = await client()
    const wrong = await publisher.request('irn_publish', { topic: t, message: 'x', ttl: 300, attestation: 42 })
    expect(wrong.json.error).toMatchObject({ code: -32602 })
    const long = await publisher.request('irn_publish', { topic: t, message: 'x', ttl: 300, attestation: 'a'.repeat(relayLimits.maxAttestationLength + 1) })
    expect(long.json.error).toMatchObject({ code: -32602 })
    expect(relayServer.db.prepare('SELECT COUNT(*) FROM relay_messages WHERE topic = ?').pluck().get(t)).toBe(0)
  })

  it('adds the attestation column to a mailbox written by an older relay', async () => {
    const db = new Database(':memory:')
    db.exec(`CREATE TABLE relay_messages (row_id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, digest TEXT NOT NULL,
      message TEXT NOT NULL, publisher TEXT NOT NULL, tag INTEGER NOT NULL DEFAULT 0, published_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL, UNIQUE (topic, digest))`)
    db.prepare("INSERT INTO relay_messages (topic, digest, message, publisher, published_at, expires_at) VALUES ('t', 'd', 'old', 'p', 1, ?)").run(Date.now() + 60_000)
    const storage = createSqliteStorage(db)
    expect((await applyMigrations(storage))[0]).toBe(1)
    const mailbox = new RelayMailbox(storage, Date.now)
    expect((await mailbox.pending('t', 'someone', 10))[0]).toMatchObject({ message: 'old', attestation: '' })
    db.close()
  })
})

describe('attachRelay: the per-client mailbox quota', () => {
  it('refuses a publish beyond the client\'s stored bytes with -32005, while another client still publishes', async () => {
    const [greedy, other] = await Promise.all([client(), client()])
    const big = 'x'.repeat(relayLimits.maxMessageBytes)
    const fits = Math.floor(relayLimits.maxStoredBytesPerClient / big.length)
    for (let i = 0; i < fits; i += 1) {
      const ok = await greedy.request('irn_publish', { topic: topic(), message: `${i}`.padEnd(big.length, 'x'), ttl: 60 })
      expect(ok.json.result).toBe(true)
    }
    const refused = await greedy.request('irn_publish', { topic: topic(), message: big, ttl: 60 })
    expect(refused.json.error).toMatchObject({ code: -32005, message: expect.stringContaining('quota') })
    expect((await other.request('irn_publish', { topic: topic(), message: 'small', ttl: 60 })).json.result).toBe(true)
  })
})
