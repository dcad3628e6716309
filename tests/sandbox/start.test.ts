import { execFileSync, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxBitcoinChain, sandboxCosmosChain, sandboxPolkadotChain, sandboxSolanaChain, sandboxStacksChain, sandboxSuiChain } from '../../sandbox/config.js'
import { assertPortFree } from '../../sandbox/utils/assertPortFree.js'
import { pickSandboxPort } from '../helpers/pickSandboxPort.js'
import { startSandbox, type TestSandbox } from '../helpers/startSandbox.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** anvil processes (the binary itself, not its guard shell) listening on one of these ports. */
function anvilProcessesOn(ports: number[]): string[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n')
  return lines.filter((line) => /^\s*\d+ \S*\/anvil /.test(line) && ports.some((p) => line.includes(`--port ${p} `)))
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { result: unknown }).result
}

/** Runs `sandbox/start.ts` to completion (for the failure cases) and returns what it printed. */
function runStart(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    // Refusing a taken port still starts and stops the other chains: slow on a busy machine.
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

describe('npm start (sandbox/start.ts)', () => {
  let sandbox: TestSandbox

  beforeAll(async () => {
    // As `npm start` runs it: every node started with the sandbox (the suite's other sandboxes
    // start the Substrate node on demand).
    sandbox = await startSandbox({ env: { PORTICO_SANDBOX_ON_DEMAND: '0' } })
  })
  afterAll(async () => {
    await sandbox?.stop()
  })

  it('prints exactly the ready line and nothing else', () => {
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`)
    expect(sandbox.stdout()).toBe(`Portico sandbox ready at http://127.0.0.1:${sandbox.port}\n`)
    expect(sandbox.stderr()).toBe('')
  })

  it('serves the wallet directory', async () => {
    const response = await fetch(`${sandbox.url}/getWallets?page=1&entries=5`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { count: number; data: { name: string }[] }
    expect(body.count).toBeGreaterThanOrEqual(300)
    expect(body.data).toHaveLength(5)
  })

  it('lists both devnets, the Solana chain, the Bitcoin regtest chain, the Cosmos, Substrate, Sui and Stacks chains in /v1/supported-chains', async () => {
    const response = await fetch(`${sandbox.url}/v1/supported-chains?projectId=demo`)
    const body = (await response.json()) as { http: string[]; ws: string[] }
    expect(body.http).toEqual(['eip155:31337', 'eip155:31338', sandboxSolanaChain.caipNetworkId, sandboxBitcoinChain.caipNetworkId, sandboxCosmosChain.caipNetworkId, sandboxPolkadotChain.caipNetworkId, sandboxSuiChain.caipNetworkId, sandboxStacksChain.caipNetworkId])
  })

  it('proxies JSON-RPC to both anvils, the Solana RPC, the Sui ledger and the Substrate node, and Esplora to the Bitcoin ledger', async () => {
    const proxy = (chainId: string) => `${sandbox.url}/v1/?chainId=${encodeURIComponent(chainId)}&projectId=demo`
    expect(await rpc(proxy('eip155:31337'), 'eth_chainId')).toBe('0x7a69')
    expect(await rpc(proxy('eip155:31338'), 'eth_chainId')).toBe('0x7a6a')
    expect(await rpc(proxy(sandboxSolanaChain.caipNetworkId), 'getHealth')).toBe('ok')
    expect(await rpc(proxy(sandboxSuiChain.caipNetworkId), 'suix_getReferenceGasPrice')).toBe('1000')
    expect(await rpc(proxy(sandboxPolkadotChain.caipNetworkId), 'chain_getBlockHash', [0])).toBe(`0x${'45'.repeat(32)}`)
    const height = await fetch(`${sandbox.url}/v1/esplora/demo/${sandboxBitcoinChain.caipNetworkId}/api/blocks/tip/height`)
    expect(Number(await height.text())).toBeGreaterThanOrEqual(2)
  })

  it('serves the demo site, the wallet page and the dev wallet script', async () => {
    for (const path of ['/', '/wallet']) {
      const response = await fetch(`${sandbox.url}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
      const html = await response.text()
      expect(html).toMatch(/^<!doctype html>/i)
      // No inline scripts or styles: every <script> has a src, no <style> element, no style attribute.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i)
      expect(html).not.toMatch(/<style[\s>]|\sstyle=/i)
    }
    const script = await fetch(`${sandbox.url}/dev-wallet.js`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await script.text()).toContain('dev.portico.wallet')
    // Revalidated on every load; unchanged while this sandbox runs, so the browser keeps its copy.
    expect(script.headers.get('cache-control')).toBe('no-cache')
    const etag = script.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    const again = await fetch(`${sandbox.url}/dev-wallet.js`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await fetch(`${sandbox.url}/dev-wallet.js`, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200)
    const page = await fetch(`${sandbox.url}/wallet`)
    expect(page.headers.get('etag')).not.toBe(etag)
    const info = (await (await fetch(`${sandbox.url}/sandbox.json`)).json()) as { chains: { tokens: { symbol: string }[] }[] }
    expect(info.chains.map((c) => c.tokens[0]?.symbol)).toEqual(['pUSD', 'pUSD', 'pUSD', undefined, 'pUSD', undefined, 'pUSD', 'pUSD'])
  })

  it('stops every child on SIGTERM and exits 0', async () => {
    const anvilPorts = [sandbox.port + 1, sandbox.port + 2]
    expect(anvilProcessesOn(anvilPorts)).toHaveLength(2)
    const { code, signal } = await sandbox.stop()
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(anvilProcessesOn(anvilPorts)).toEqual([])
    for (let i = 0; i < 14; i++) await assertPortFree(sandbox.port + i)
  })
})

describe('npm start with a taken port', () => {
  let holder: Server | undefined
  afterAll(async () => {
    await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)))
  })

  it('fails with one clear line naming the port and PORT=…, exit 1, and leaves nothing running', async () => {
    const base = await pickSandboxPort()
    holder = createServer()
    await new Promise<void>((resolve) => holder!.listen(base + 2, '127.0.0.1', resolve))
    const { code, stdout, stderr } = await runStart({ PORT: String(base) })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    const lines = stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`Port ${base + 2} on 127\\.0\\.0\\.1 is already in use`))
    expect(lines[0]).toMatch(/PORT=\d+ npm start/)
    expect(anvilProcessesOn([base + 1, base + 2])).toEqual([])
    for (const p of [base, base + 1, base + 3]) await assertPortFree(p)
  }, 180_000)

  it('rejects a PORT that is not a number', async () => {
    const { code, stdout, stderr } = await runStart({ PORT: 'http' })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr.trimEnd().split('\n')).toEqual(['Portico sandbox: PORT must be a number from 1 to 65522, got "http".'])
  })
})
