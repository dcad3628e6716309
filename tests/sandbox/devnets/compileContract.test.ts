import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileContract } from '../../../sandbox/devnets/compileContract.js'
import { ContractCompileError, InvalidDevnetParameterError } from '../../../sandbox/devnets/errors.js'

describe('compileContract', () => {
  let cacheDir = ''
  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'portico-compile-'))
  })
  afterAll(async () => {
    await rm(cacheDir, { recursive: true, force: true })
  })

  async function cacheFile(): Promise<string> {
    const files = (await readdir(cacheDir)).filter((name) => name.endsWith('.json'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^PorticoUsd-[0-9a-f]{16}\.json$/)
    return path.join(cacheDir, files[0]!)
  }

  it('compiles PorticoUsd with OpenZeppelin imports once; parallel callers share that compile', async () => {
    const [first, second] = await Promise.all([compileContract('PorticoUsd', { cacheDir }), compileContract('PorticoUsd', { cacheDir })])
    expect(first.cached).toBe(false)
    expect(second.bytecode).toBe(first.bytecode)
    expect(first.bytecode).toMatch(/^0x[0-9a-f]{200,}$/)
    const functions = first.abi.filter((item) => item.type === 'function').map((item) => item.name)
    expect(functions).toEqual(expect.arrayContaining(['decimals', 'symbol', 'name', 'transfer', 'balanceOf', 'totalSupply']))
    await cacheFile()
  }, 60_000)

  it('a second call reads the cache and runs no compiler', async () => {
    const file = await cacheFile()
    const artifact = JSON.parse(await readFile(file, 'utf8')) as { bytecode: string }
    // Plant a different (still well-formed) bytecode: only a cache read can return it.
    await writeFile(file, JSON.stringify({ ...artifact, bytecode: '0x6000' }))
    const again = await compileContract('PorticoUsd', { cacheDir })
    expect(again.cached).toBe(true)
    expect(again.bytecode).toBe('0x6000')
    await writeFile(file, JSON.stringify(artifact))
  })

  it.each([
    ['garbage', 'not json at all {'],
    ['a foreign artifact', JSON.stringify({ key: 'other', name: 'PorticoUsd', abi: [], bytecode: '0x00' })],
  ])('ignores and rewrites a corrupted cache file (%s)', async (_label, content) => {
    const file = await cacheFile()
    const good = await readFile(file, 'utf8')
    await writeFile(file, content)
    const result = await compileContract('PorticoUsd', { cacheDir })
    expect(result.cached).toBe(false)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(JSON.parse(good))
  }, 60_000)

  it.each(['../../package', 'porticoUsd', '', 'Portico/Usd', 'A'.repeat(65), 42 as unknown as string])(
    'refuses the contract name %j',
    async (name) => {
      await expect(compileContract(name, { cacheDir })).rejects.toBeInstanceOf(InvalidDevnetParameterError)
    },
  )

  it('names a missing contract clearly', async () => {
    const attempt = compileContract('NoSuchContract', { cacheDir })
    await expect(attempt).rejects.toBeInstanceOf(ContractCompileError)
    await expect(attempt).rejects.toThrow(/No source file sandbox\/devnets\/contracts\/NoSuchContract\.sol/)
  })
})
