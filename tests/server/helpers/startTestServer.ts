import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '../../../server/createServer.js'
import type { PorticoServer, ServerConfig } from '../../../server/createServer.js'

export type TestServer = PorticoServer & {
  dataDir: string
  /** GET a path and parse the JSON answer. */
  getJson(path: string): Promise<{ status: number; body: any; headers: Headers }>
  /** POST a body (object → JSON; string sent as is). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>
  /** Closes the server and removes its data directory. */
  dispose(): Promise<void>
}

/** A fresh temporary data directory. */
export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'portico-server-test-'))
}

async function readBody(response: Response): Promise<any> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Starts a real server on 127.0.0.1, port 0, relay off unless asked, data in a temp dir. Unless
 * the overrides say otherwise it has an open default project (any project id, any origin), so
 * tests about other things need not configure projects.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? makeDataDir()
  const server = await createServer({ port: 0, relay: false, chains: [], defaultProject: { allowedOrigins: ['*'] }, ...overrides, dataDir })
  return {
    ...server,
    dataDir,
    async getJson(path) {
      const response = await fetch(`${server.url}${path}`)
      return { status: response.status, body: await readBody(response), headers: response.headers }
    },
    async post(path, body, headers = {}) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      return { status: response.status, body: await readBody(response), headers: response.headers }
    },
    async dispose() {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
