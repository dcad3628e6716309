import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type PorticoServer } from '../../server/createServer.js'
import { testDirectoryFile } from '../../server/directory/testDirectory.js'
import { createTestPortico, network } from '../kernel/helpers/testKit.js'
import { startRecordingServer } from '../kernel/helpers/recordingServer.js'

// The kernel's directory store against the real Portico server (the server uses code
// generation, so this lives outside tests/kernel, which also runs with it disallowed).
const sandboxNetworks = [network('eip155', 31337, 'Devnet A'), network('eip155', 31338, 'Devnet B')]

describe('the wallet directory store against the real server', () => {
  let server: PorticoServer
  let dataDir = ''
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portico-directory-'))
    // The sandbox's 300-odd test wallets: enough to page through.
    server = await createServer({ port: 0, relay: false, dataDir, chains: [], defaultProject: { allowedOrigins: ['*'] }, directory: testDirectoryFile })
  })
  afterAll(async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('pages 40 at a time without duplicates until the count', async () => {
    const { portico } = createTestPortico({ endpoints: { api: server.url }, networks: sandboxNetworks })
    const { directory } = portico.stores
    await directory.fetchNextPage()
    expect(directory.wallets).toHaveLength(40)
    expect(directory.count).toBeGreaterThan(80)
    await directory.fetchNextPage()
    expect(directory.wallets).toHaveLength(80)
    expect(new Set(directory.wallets.map((w) => w.id)).size).toBe(80)
  })

  it('searches from 2 characters, trimmed', async () => {
    const { portico } = createTestPortico({ endpoints: { api: server.url }, networks: sandboxNetworks })
    const { directory } = portico.stores
    directory.setQuery('t')
    await directory.search()
    expect(directory.isSearch).toBe(false)
    expect(directory.searchResults).toEqual([])
    directory.setQuery('  portico  ')
    await directory.search()
    expect(directory.searchResults.map((w) => w.name)).toContain('Portico Dev Wallet')
  })

  it('a failing directory raises APKT003 once and keeps what it had', async () => {
    const broken = await startRecordingServer((_req, res) => res.writeHead(200).end('{"count":"lots","data":[{"id":1},{"id":"ok","name":"OK"}]}'))
    const { portico } = createTestPortico({ endpoints: { api: broken.url } })
    await portico.stores.directory.fetchNextPage()
    expect(portico.stores.directory.wallets.map((w) => w.id)).toEqual(['ok'])
    await broken.close()
    const dead = createTestPortico({ endpoints: { api: broken.url } }).portico
    await dead.stores.directory.fetchNextPage()
    await dead.stores.directory.fetchNextPage()
    expect(dead.stores.directory.failed).toBe(true)
    expect(dead.stores.alerts.shown.filter((a) => a.code === 'APKT003')).toHaveLength(1)
  })
})
