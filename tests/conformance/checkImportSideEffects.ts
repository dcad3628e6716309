import { spawn } from 'node:child_process'

export type CheckImportSideEffectsParameters = {
  /** The plugin module as Node imports it: a package specifier (`my-portico-plugin`) or a file URL. */
  module: string
  /** Its factory export, e.g. `solana`: then an instance is also created, set up and destroyed. */
  factory?: string
  /** The kernel the plugin uses (default `portico`). */
  kernel?: string
  /** Networks for the instance (plain data). */
  networks?: readonly unknown[]
  /** Extra Node flags, e.g. `['--import', 'tsx']` to import TypeScript sources. */
  nodeArgs?: readonly string[]
  /** Working directory of the child process (module resolution starts there). */
  cwd?: string
  /** Default 30 s. */
  timeoutMs?: number
}

export type CheckImportSideEffectsReturnType = {
  ok: boolean
  issues: string[]
  /** Globals (window, document, fetch, …) and network access seen while importing. */
  touchedAtImport: string[]
}

// Runs in a fresh Node process under --disallow-code-generation-from-strings. Every browser global
// and `fetch` is a recording getter, and sockets record their connects, before the import.
const childScript = String.raw`
const input = JSON.parse(process.env.PORTICO_CONFORMANCE_INPUT)
const touched = []
let recording = true
const names = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'indexedDB', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'fetch', 'BroadcastChannel']
for (const name of names) {
  const had = Object.getOwnPropertyDescriptor(globalThis, name)
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() { if (recording) touched.push(name); return had ? ('value' in had ? had.value : had.get && had.get.call(globalThis)) : undefined },
    set() { if (recording) touched.push(name + ' (written)') },
  })
}
const net = await import('node:net')
const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function (...args) { if (recording) touched.push('network'); return connect.apply(this, args) }
const issues = []
let mod
try { mod = await import(input.module) } catch (error) { issues.push('importing the module failed: ' + String(error && error.message || error).split('\n')[0]) }
recording = false
const touchedAtImport = [...new Set(touched)]
if (mod && input.factory) {
  try {
    const factory = mod[input.factory]
    if (typeof factory !== 'function') throw new Error('the module has no export "' + input.factory + '"')
    const { createPortico } = await import(input.kernel)
    const portico = await createPortico({ projectId: 'conformance', networks: input.networks, plugins: [factory()], storage: null, endpoints: { api: 'http://127.0.0.1:9' }, enableReconnect: false }).load()
    await portico.destroy()
  } catch (error) {
    issues.push('creating and destroying an instance without code generation failed: ' + String(error && error.message || error).split('\n')[0])
  }
}
process.stdout.write('\n' + JSON.stringify({ issues, touchedAtImport }) + '\n')
`

/**
 * Imports a plugin module in a fresh Node process and reports every browser global (`window`,
 * `document`, `fetch`, …) and every network connection touched while importing it: a plugin must
 * have no side effects at import. The process runs with `--disallow-code-generation-from-strings`
 * (what a strict CSP does in a browser), and when `factory` is given it also creates, sets up and
 * destroys an instance there, so `eval` / `new Function` anywhere on those paths fails the check.
 *
 * @returns `{ ok, issues, touchedAtImport }`
 * @example
 * const report = await checkImportSideEffects({ module: 'my-portico-plugin', factory: 'mychain', networks: [myNet] })
 */
export async function checkImportSideEffects(parameters: CheckImportSideEffectsParameters): Promise<CheckImportSideEffectsReturnType> {
  const { module, factory, kernel = 'portico', networks = [], nodeArgs = [], cwd, timeoutMs = 30_000 } = parameters
  const input = JSON.stringify({ module, factory, kernel, networks })
  const output = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs, '--disallow-code-generation-from-strings', '--input-type=module', '-e', childScript], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '', PORTICO_CONFORMANCE_INPUT: input },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
  const last = output.stdout.trim().split('\n').at(-1) ?? ''
  let parsed: { issues: string[]; touchedAtImport: string[] } | undefined
  try {
    parsed = JSON.parse(last) as typeof parsed
  } catch {
    parsed = undefined
  }
  if (!parsed) {
    return { ok: false, issues: [`the import check did not finish (exit ${output.code}): ${output.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 500)}`], touchedAtImport: [] }
  }
  const issues = [...parsed.issues, ...parsed.touchedAtImport.map((name) => `importing the module touched ${name}`)]
  return { ok: issues.length === 0, issues, touchedAtImport: parsed.touchedAtImport }
}
