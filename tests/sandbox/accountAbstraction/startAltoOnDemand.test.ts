// alto's address in the sandbox: nothing runs behind it until the first request; a request when alto
// cannot start gets a JSON-RPC error naming why, and the port stays usable; a taken port is refused.
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'

import { startAltoOnDemand, type OnDemandAlto } from '../../../sandbox/accountAbstraction/startAltoOnDemand.js'
import { freeLoopbackPort } from '../../../sandbox/engines/startEngines.js'

const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const call = { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }
let bundler: OnDemandAlto | undefined

afterEach(async () => {
  await bundler?.stop()
  bundler = undefined
})

describe('startAltoOnDemand', () => {
  it('starts nothing until asked; when alto cannot start (no anvil), the request gets a 502 JSON-RPC error naming why, and so does the next', async () => {
    // Port 9 (discard) has no anvil: alto's funding call fails, so alto never starts.
    bundler = await startAltoOnDemand({ rpcUrl: 'http://127.0.0.1:9', port: await freeLoopbackPort(), entryPoint, timeoutMs: 5_000 })
    expect(bundler.running()).toBeUndefined()
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(bundler.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) })
      expect(answer.status).toBe(502)
      const body = (await answer.json()) as { error: { code: number; message: string } }
      expect(body.error.code).toBe(-32603)
      expect(body.error.message).toMatch(/^The sandbox's bundler \(alto\) is not available: /)
      expect(bundler.running()).toBeUndefined()
    }
  })

  it('refuses a body over 1 MB without starting alto', async () => {
    bundler = await startAltoOnDemand({ rpcUrl: 'http://127.0.0.1:9', port: await freeLoopbackPort(), entryPoint })
    const answer = await fetch(bundler.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1_000_001) })
    expect(answer.status).toBe(413)
    expect(bundler.running()).toBeUndefined()
  })

  it('a taken port is a BundlerStartError naming it', async () => {
    const taken = createServer()
    const port = await freeLoopbackPort()
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve))
    try {
      const error = await startAltoOnDemand({ rpcUrl: 'http://127.0.0.1:9', port, entryPoint }).catch((e: unknown) => e)
      expect(error).toMatchObject({ name: 'BundlerStartError', code: 'SANDBOX_BUNDLER_START_FAILED' })
      expect((error as Error).message).toContain(`port ${port} on 127.0.0.1 is already in use`)
    } finally {
      taken.close()
    }
  })
})
