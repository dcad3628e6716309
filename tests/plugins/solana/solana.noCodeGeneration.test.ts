import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))

describe('the solana plugin under --disallow-code-generation-from-strings (a strict CSP)', () => {
  it('passes the whole chain-plugin suite: connect, balances, sign, SOL and SPL sends, the signer with @solana/kit, rejection, reconnect', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--disallow-code-generation-from-strings', 'tests/plugins/solana/fixtures/runSolanaConformance.ts'], {
        cwd: root,
        env: { ...process.env, NODE_OPTIONS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      let err = ''
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
      child.on('close', (exit) => {
        clearTimeout(timer)
        resolve({ code: exit, stdout: out, stderr: err })
      })
    })
    expect(code, stderr).toBe(0)
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { blocked: boolean; issues: string[]; checks: string[] }
    expect(report.blocked).toBe(true)
    expect(report.issues).toEqual([])
    expect(report.checks).toEqual(expect.arrayContaining(['connect', 'balance', 'tokens', 'signMessage', 'send', 'tokenSend', "signer: a site's own transaction, signed and accepted by the chain", 'clean disposal']))
  })
})
