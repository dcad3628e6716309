import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Abi, Hex } from 'viem'

import { ContractCompileError, InvalidDevnetParameterError } from './errors.js'

export type CompileContractOptions = {
  /** Where compiled artifacts are cached; default `<repo>/.portico/cache/contracts` (gitignored). */
  cacheDir?: string
}
export type CompileContractReturnType = {
  /** The contract name, also the file name in `sandbox/devnets/contracts/`. */
  name: string
  abi: Abi
  /** Creation bytecode, `0x`-prefixed. */
  bytecode: Hex
  /** True when the artifact came from the cache and solc did not run. */
  cached: boolean
}
export type CompileContractErrorType = ContractCompileError | InvalidDevnetParameterError

const require = createRequire(import.meta.url)
const contractsDir = fileURLToPath(new URL('./contracts/', import.meta.url))
const defaultCacheDir = fileURLToPath(new URL('../../.portico/cache/contracts/', import.meta.url))
const openZeppelinPrefix = '@openzeppelin/contracts/'
const settings = {
  optimizer: { enabled: true, runs: 200 },
} as const

/** Compilations under way in this process, by cache key, so parallel callers share one solc run. */
const pending = new Map<string, Promise<CompileContractReturnType>>()

type Artifact = { key: string; name: string; solcVersion: string; abi: Abi; bytecode: Hex }

function packageVersion(name: string): string {
  const manifest = require(`${name}/package.json`) as { version?: unknown }
  return typeof manifest.version === 'string' ? manifest.version : 'unknown'
}

/** Reads an `@openzeppelin/contracts/…` import for solc; anything else is refused. */
function readImport(importPath: string): { contents: string } | { error: string } {
  const rest = importPath.slice(openZeppelinPrefix.length)
  if (
    !importPath.startsWith(openZeppelinPrefix) ||
    !rest.endsWith('.sol') ||
    rest.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    return { error: `Only ${openZeppelinPrefix}*.sol imports are available to sandbox contracts, not "${importPath}"` }
  }
  try {
    const root = path.dirname(require.resolve(`${openZeppelinPrefix}package.json`))
    return { contents: readFileSync(path.join(root, ...rest.split('/')), 'utf8') }
  } catch (cause) {
    return { error: `Cannot read ${importPath}: ${(cause as Error).message}` }
  }
}

function isArtifact(value: unknown, key: string, name: string): value is Artifact {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Partial<Artifact>
  return (
    v.key === key &&
    v.name === name &&
    Array.isArray(v.abi) &&
    typeof v.bytecode === 'string' &&
    /^0x(?:[0-9a-f]{2})+$/i.test(v.bytecode)
  )
}

async function readCache(file: string, key: string, name: string): Promise<Artifact | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
    return isArtifact(parsed, key, name) ? parsed : undefined
  } catch {
    // Missing, unreadable or corrupted: compile again and overwrite it.
    return undefined
  }
}

async function writeCache(file: string, artifact: Artifact): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  // Write then rename, so a reader in another process never sees half a file.
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
  await writeFile(temporary, JSON.stringify(artifact))
  await rename(temporary, file)
}

type SolcOutput = {
  errors?: { severity: string; formattedMessage?: string; message: string }[]
  contracts?: Record<string, Record<string, { abi?: Abi; evm?: { bytecode?: { object?: string } } }>>
}

async function runSolc(name: string, source: string): Promise<{ abi: Abi; bytecode: Hex; solcVersion: string }> {
  // solc (a 9 MB wasm build) is loaded only when something has to be compiled.
  const solc = (await import('solc')).default as { version(): string; compile(input: string, callbacks: object): string }
  const fileName = `${name}.sol`
  const input = {
    language: 'Solidity',
    sources: { [fileName]: { content: source } },
    settings: { ...settings, outputSelection: { [fileName]: { [name]: ['abi', 'evm.bytecode.object'] } } },
  }
  let output: SolcOutput
  try {
    output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as SolcOutput
  } catch (cause) {
    throw new ContractCompileError({ contract: name, errors: [(cause as Error).message], cause })
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error').map((e) => e.formattedMessage ?? e.message)
  if (errors.length > 0) throw new ContractCompileError({ contract: name, errors })
  const contract = output.contracts?.[fileName]?.[name]
  const object = contract?.evm?.bytecode?.object
  if (!contract?.abi || !object) {
    throw new ContractCompileError({ contract: name, errors: [`solc produced no contract named ${name} in ${fileName}`] })
  }
  return { abi: contract.abi, bytecode: `0x${object}`, solcVersion: solc.version() }
}

async function compileOrLoad(name: string, cacheDir: string): Promise<CompileContractReturnType> {
  let source: string
  try {
    source = await readFile(path.join(contractsDir, `${name}.sol`), 'utf8')
  } catch (cause) {
    throw new ContractCompileError({ contract: name, errors: [`No source file sandbox/devnets/contracts/${name}.sol`], cause })
  }
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        name,
        source,
        solc: packageVersion('solc'),
        openZeppelin: packageVersion('@openzeppelin/contracts'),
        settings,
      }),
    )
    .digest('hex')
  const file = path.join(cacheDir, `${name}-${key.slice(0, 16)}.json`)

  const inFlight = pending.get(file)
  if (inFlight) return inFlight
  const work = (async () => {
    const hit = await readCache(file, key, name)
    if (hit) return { name, abi: hit.abi, bytecode: hit.bytecode, cached: true }
    const { abi, bytecode, solcVersion } = await runSolc(name, source)
    await writeCache(file, { key, name, solcVersion, abi, bytecode })
    return { name, abi, bytecode, cached: false }
  })()
  pending.set(file, work)
  try {
    return await work
  } finally {
    pending.delete(file)
  }
}

/**
 * Compiles `sandbox/devnets/contracts/<name>.sol` (contract `<name>`) with the `solc` npm package,
 * resolving `@openzeppelin/contracts/…` imports from node_modules. The artifact is cached on disk,
 * keyed by a hash of the source, the solc and OpenZeppelin versions and the settings, so later
 * calls skip solc entirely; a corrupted cache file is ignored and rewritten.
 *
 * @param name - The contract name, e.g. `PorticoUsd` (letters and digits, starting with a capital).
 * @param options - `cacheDir` to cache somewhere else than `.portico/cache/contracts`.
 * @returns The ABI, the creation bytecode and whether it came from the cache.
 * @example
 * const { abi, bytecode } = await compileContract('PorticoUsd')
 */
export async function compileContract(
  name: string,
  options: CompileContractOptions = {},
): Promise<CompileContractReturnType> {
  if (typeof name !== 'string' || !/^[A-Z][A-Za-z0-9_]{0,63}$/.test(name)) {
    throw new InvalidDevnetParameterError({
      message: `compileContract: "${String(name).slice(0, 80)}" is not a contract name (letters, digits and _, starting with a capital)`,
    })
  }
  return compileOrLoad(name, path.resolve(options.cacheDir ?? defaultCacheDir))
}
