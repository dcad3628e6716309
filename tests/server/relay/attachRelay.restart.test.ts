import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RawRelayClient, waitUntil } from './helpers/RawRelayClient.js'
import { startRelayServer, type RelayServer } from './helpers/startRelayServer.js'

let dir: string
let relayServer: RelayServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-relay-restart-'))
  relayServer = await startRelayServer({ dbPath: join(dir, 'relay.db') })
})
afterAll(async () => {
  await relayServer?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('attachRelay: a restart answers what it did not handle (issue 12, point 9)', () => {
  it('answers every request still queued when the relay closes with -32603, none is dropped silently', async () => {
    const client = await RawRelayClient.connect(relayServer.url)
    const ids: string[] = []
    for (let i = 0; i < 1500; i += 1) ids.push(client.send('irn_publish', { topic: randomBytes(32).toString('hex'), message: `m${i}`, ttl: 60 }))
    // The first answers come while most frames still wait in the relay's queue: close it now.
    await client.response(ids[0]!)
    await relayServer.relay.close()
    await waitUntil(() => (client.closeCode !== undefined ? true : undefined))

    const answers = ids.map((id) => client.frames.find((frame) => frame.rawId === id && !('method' in frame.json)))
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(0)
    const refused = answers.filter((answer) => answer?.json.error !== undefined)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) {
      expect(answer!.json.error).toEqual({ code: -32603, message: 'The relay is restarting: the request was not handled; send it again' })
    }
    // Handled ones were stored; refused ones were not.
    const stored = relayServer.db.prepare('SELECT COUNT(*) FROM relay_messages').pluck().get() as number
    expect(stored).toBe(answers.filter((answer) => answer?.json.result === true).length)
  })
})
