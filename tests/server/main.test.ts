import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import * as entry from '../../server/main.js'
import { main } from '../../server/main.js'

const dirs: string[] = []
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-main-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('server/main', () => {
  it('pins its export names', () => {
    expect(Object.keys(entry).sort()).toEqual(['ConfigFileError', 'loadConfig', 'main', 'runCli'])
  })

  it('starts from the example config shipped beside it', async () => {
    const dir = tempDir()
    const server = await main({ argv: [fileURLToPath(new URL('../../server/portico.example.json', import.meta.url))], env: { PORT: '0', DATA_DIR: dir } })
    try {
      const origins = await (await fetch(`${server.url}/projects/v1/origins?projectId=my-project-id`)).json()
      expect(origins.allowedOrigins).toContain('https://shop.example.com')
      expect(await (await fetch(`${server.url}/v1/supported-chains?projectId=my-project-id`)).json()).toEqual({ http: ['eip155:31337'], ws: [], history: ['eip155:31337'] })
    } finally {
      await server.close()
    }
  })

  it('starts from a JSON config file, resolving dataDir next to it; env overrides', async () => {
    const dir = tempDir()
    const file = join(dir, 'portico.json')
    writeFileSync(file, JSON.stringify({ dataDir: 'data', relay: false, chains: [], projects: { shop: { isAnalyticsEnabled: false } } }))
    const server = await main({ argv: [file], env: { PORT: '0' } })
    try {
      expect(existsSync(join(dir, 'data', 'portico.sqlite'))).toBe(true)
      const response = await fetch(`${server.url}/getAnalyticsConfig?projectId=shop`)
      expect(await response.json()).toEqual({ isAnalyticsEnabled: false })
    } finally {
      await server.close()
    }
    const override = join(dir, 'elsewhere')
    const second = await main({ argv: [file], env: { PORT: '0', DATA_DIR: override } })
    await second.close()
    expect(existsSync(join(override, 'portico.sqlite'))).toBe(true)
  })

  it('fails clearly on a missing file, bad JSON or a bad PORT', async () => {
    const dir = tempDir()
    await expect(main({ argv: [join(dir, 'missing.json')], env: {} })).rejects.toThrow(/Could not read the config file/)
    writeFileSync(join(dir, 'bad.json'), '{ not json')
    await expect(main({ argv: [join(dir, 'bad.json')], env: {} })).rejects.toThrow(/Could not read the config file/)
    writeFileSync(join(dir, 'array.json'), '[]')
    await expect(main({ argv: [join(dir, 'array.json')], env: {} })).rejects.toThrow(/JSON object/)
    await expect(main({ argv: [], env: { PORT: 'eighty', DATA_DIR: dir } })).rejects.toThrow(/PORT/)
  })

  it('refuses a mistyped key at start, naming it and the nearest valid key', async () => {
    const dir = tempDir()
    const file = join(dir, 'portico.json')
    writeFileSync(file, JSON.stringify({ dataDir: 'data', chains: [], relay: { pingIntervalMS: 1000 }, indexr: false }))
    const error = (await main({ argv: [file], env: { PORT: '0' } }).catch((thrown: unknown) => thrown)) as Error
    expect(error).toBeInstanceOf(entry.ConfigFileError)
    expect(error.message).toContain('Unknown key "pingIntervalMS" at relay; did you mean "pingIntervalMs"?')
    expect(error.message).toContain('Unknown key "indexr" at the top level; did you mean "indexer"?')
    // Nothing was started: no data folder.
    expect(existsSync(join(dir, 'data'))).toBe(false)
  })

  it('runs standalone, prints one line with the URL, and stops on SIGTERM', async () => {
    const dir = tempDir()
    const root = fileURLToPath(new URL('../../', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: join(dir, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = ''
        const timer = setTimeout(() => reject(new Error(`no ready line; stdout: ${out}`)), 50_000)
        child.stdout.on('data', (chunk) => {
          out += chunk
          // The other lines are the JSON logs.
          const ready = out.split('\n').find((candidate) => candidate.startsWith('Portico server listening at'))
          if (ready) {
            clearTimeout(timer)
            resolve(ready)
          }
        })
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)))
      })
      expect(line).toMatch(/^Portico server listening at http:\/\/127\.0\.0\.1:\d+$/)
      const url = line.split(' ').at(-1) as string
      expect((await fetch(`${url}/getWallets?entries=1`)).status).toBe(200)
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  })
})
